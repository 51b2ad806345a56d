// What the benchmarks in bench/ need from the server beyond buildApp (they import the server only
// through the package's exports, never its source paths).

export { confirmAuthorization } from '../flows/pay-a-message/confirm-authorization';
export { startCheckout } from '../flows/pay-a-message/start-checkout';
export { runJobsOnce, startJobs } from '../jobs/run-jobs';
export { createAccount } from '../modules/auth';
export { createSession, SESSION_COOKIE } from '../modules/auth/sessions';
export { hashToken } from '../modules/auth/tokens';
export { ManualClock, systemClock } from '../platform/clock';
export { type Config, loadConfig } from '../platform/config';
export { type Database, type Db, migrateDatabase, openDatabase } from '../platform/db';
