// The provider's types are ports in the platform (decision 0074); payments keeps the adapters and the key.
import type { PaymentRow } from '../../platform/ports';

export type {
  CheckoutStart,
  CheckoutState,
  DisputeNews,
  DisputeRails,
  PaymentProvider,
  PaymentRow,
  PayoutAccountState,
  PayoutRails,
  PayoutStart,
  ProviderPayoutState,
  RefundOutcome,
  ReversalOutcome,
  TransferOutcome,
} from '../../platform/ports';

export const idempotencyKey = (payment: PaymentRow, action: 'checkout' | 'capture' | 'release' | 'refund') =>
  `fanline:${payment.id}:${action}`;
