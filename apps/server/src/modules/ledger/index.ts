// The ledger module's front door (ARCHITECTURE §1): what other modules and jobs may call.
export { earningsSummary } from './earnings-summary';
export { finishPayout } from './finish-payout';
export { payableBalance } from './payable-balance';
export { ACCOUNTS, type LedgerKind, postLedgerTransaction } from './post-transaction';
export { reconcilePayouts } from './reconcile-payouts';
export { requestPayout } from './request-payout';
export { ledgerRoutes } from './routes';
