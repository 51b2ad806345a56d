/**
 * The server parts that benchmarks and the e2e setup reach for beyond HTTP: opening and migrating a
 * database, loading a config, seeding an account, and the two payment steps a delivery benchmark
 * times. They import these through `@fanline/server/testing`, never by a path into server source,
 * so a module that moves is fixed here once.
 */

export type { DemoCredentials } from '../bootstrap';
export { confirmAuthorization } from '../flows/pay-a-message/confirm-authorization';
export { startCheckout } from '../flows/pay-a-message/start-checkout';
export { createAccount } from '../modules/auth';
export { maintainProfileViews } from '../modules/profiles';
export { createEventBus, type EventBus } from '../modules/realtime';
export { loadConfig } from '../platform/config';
export { type Database, type Db, migrateDatabase, openDatabase } from '../platform/db';
