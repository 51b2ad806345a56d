// What the benchmarks in bench/ need from the server beyond buildApp (they import the server only
// through the package's exports, never its source paths).

export { runJobsOnce, startJobs } from '../jobs/run-jobs';
export { createAccount } from '../modules/auth';
export { createSession, SESSION_COOKIE } from '../modules/auth/sessions';
export { hashToken } from '../modules/auth/tokens';
export { confirmAuthorization } from '../modules/payments/confirm-authorization';
export { startCheckout } from '../modules/payments/start-checkout';
export { ManualClock, systemClock } from '../platform/clock';
export { type Config, loadConfig } from '../platform/config';
export { type Database, type Db, migrateDatabase, openDatabase } from '../platform/db';
