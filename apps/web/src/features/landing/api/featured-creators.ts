import type { TFeaturedCreatorsResponse } from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { liveKeys } from '../../../lib/realtime/live-keys';

export const featuredCreatorsQuery = () =>
  queryOptions({
    queryKey: [...liveKeys.creators, 'featured'] as const,
    queryFn: ({ signal }) => api<TFeaturedCreatorsResponse>('/creators/featured', { signal }),
  });
