// The ports (decision 0074): the small swappable pieces a use case is handed through `AppContext`
// (platform/context.ts). Their types live here, below every module; the adapters stay where they are
// (payments' local and Stripe providers, realtime's buses, the outbox runner, the mailers, the storage
// drivers) and the app wires them at the top.

export type { Mail, Mailer, SentMail } from '../mailer';
export type { ObjectStorage, StoredObject } from '../storage/object-storage';
export type { CheckoutOutcomes, CheckoutsSeam, ConfirmCheckoutContext } from './checkout-outcomes';
export type { DeliverHere, EventBus, Listener, Replayed, RevocationListener, StreamListener } from './event-bus';
export type { OutboxRunner } from './outbox-runner';
export type {
  CheckoutStart,
  CheckoutState,
  DisputeNews,
  DisputeRails,
  PaymentProvider,
  PaymentRow,
  RefundOutcome,
} from './payment-provider';
export type {
  PayoutAccountState,
  PayoutRails,
  PayoutStart,
  ProviderPayoutState,
  ReversalOutcome,
  TransferOutcome,
} from './payout-rails';
