import type { TLandingResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

/** The landing's live figures and testimonials (issue 25 §2, decision 0023): counted by the server, never literals. */
export const landingFiguresQuery = () =>
  queryOptions({
    queryKey: [...liveKeys.creators, 'landing'] as const,
    queryFn: ({ signal }) => api<TLandingResponse>('/creators/landing', { signal }),
  });
