/**
 * Pay a message (decision 0070), the journey from the fan's checkout to the message going live:
 * start-checkout (a pending message and payment, then the provider's checkout) → confirm-authorization
 * (the payment is held or charged, the message goes live and its response window starts, in one
 * statement composed from six modules' parts: confirm-statements.ts, snapshotted in
 * confirm-statement.sql) or abandon-checkout (the message is cancelled). test-send is both at once.
 * The money rail (modules/payments) learns a checkout's outcome and calls back through the app's
 * `checkouts` port (checkoutOutcomes below, wired in app.ts).
 */
import type { CheckoutOutcomes } from '../../modules/payments';
import { abandonCheckout } from './abandon-checkout';
import { confirmAuthorization } from './confirm-authorization';

export { abandonCheckout } from './abandon-checkout';
export { confirmAuthorization, mailCreatorAboutNewMessage, type NewMessageMail } from './confirm-authorization';
export { autoFlagDefinition, mailNewMessageDefinition } from './effects';
export { startCheckout } from './start-checkout';
export { testSendMessage } from './test-send-message';

/** What a checkout's outcome does to its message, handed to the money rail as the app's `checkouts`. */
export const checkoutOutcomes: CheckoutOutcomes = { confirm: confirmAuthorization, abandon: abandonCheckout };
