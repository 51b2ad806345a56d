/** Mails to admins about payment-provider failures and stuck payments (issue #12, setting system_alerts). */
export { alertStuckPayments, STUCK_AFTER_MS } from './alert-stuck-payments';
export {
  alertDeadEffect,
  alertIdempotencyConflict,
  alertPayoutFailure,
  alertProviderFailure,
  enqueueSystemAlert,
  mailSystemAlert,
  type SystemAlert,
  type SystemAlertKind,
  sendSystemAlert,
  systemAlertDefinition,
} from './send-system-alert';
