import type { TContactRequest } from '@fanline/contracts';
import { api } from '../../../lib/api-client';

/** Leaves a message for the support team; admins read it in the support inbox (/admin/support). */
export const sendContactMessage = (request: TContactRequest) =>
  api<{ id: string }>('/support/messages', { method: 'POST', body: request });
