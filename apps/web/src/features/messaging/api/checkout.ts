import type {
  TCheckoutRequest,
  TCheckoutResponse,
  TLocalCheckoutView,
  TLocalPayRequest,
  TPaymentConfig,
  TPaymentReceipt,
  TPaymentResult,
} from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export type TSendMessageInput = TCheckoutRequest;

/** POST /api/checkout: the server prices the message from the creator's profile, never from us. */
export const startCheckout = (input: TSendMessageInput) =>
  api<TCheckoutResponse>('/checkout', { method: 'POST', body: input, idempotent: true });

/** POST /api/messages/test-send: the local provider's payment bypass (ARCHITECTURE §7). */
export const testSend = (input: TSendMessageInput) =>
  api<TPaymentResult>('/messages/test-send', { method: 'POST', body: input, idempotent: true });

/**
 * Which checkout is active and whether test-send exists. A server without the endpoint counts as
 * local in development only; in a production build it hides the button.
 */
export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }): Promise<Pick<TPaymentConfig, 'provider' | 'testSend'>> => {
      try {
        return await api<TPaymentConfig>('/payments/config', { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          return import.meta.env.DEV ? { provider: 'local', testSend: true } : { provider: 'stripe', testSend: false };
        }
        throw error;
      }
    },
  });

export const localCheckoutQuery = (paymentId: string) =>
  queryOptions({
    queryKey: ['payments', 'local-checkout', paymentId],
    queryFn: ({ signal }) => api<TLocalCheckoutView>(`/checkout/local/${encodeURIComponent(paymentId)}`, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: 0,
  });

export type TLocalPayInput = TLocalPayRequest;

export const payLocalCheckout = (paymentId: string, input: TLocalPayInput) =>
  api<TPaymentResult>(`/checkout/local/${encodeURIComponent(paymentId)}/pay`, {
    method: 'POST',
    body: input,
    idempotent: true,
  });

/**
 * GET /api/payments/:paymentId: the caller's own payment, as /payment-success shows it (issue 36 §3).
 * While the provider has not confirmed it yet ("awaiting", a Stripe webhook on its way) it is asked again.
 */
export const paymentReceiptQuery = (paymentId: string) =>
  queryOptions({
    queryKey: ['payments', 'receipt', paymentId],
    queryFn: ({ signal }) => api<TPaymentReceipt>(`/payments/${encodeURIComponent(paymentId)}`, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    refetchInterval: (query) => (query.state.data?.state === 'awaiting' ? 2_000 : false),
    staleTime: 0,
  });
