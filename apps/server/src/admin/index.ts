// The admin module's front door. The portal's routes are registered by the route table (src/routes.ts);
// the audit trail other modules write to is its own module (../audit).
export { type AdminCaller, loadAdmin } from './guard';
export { listStuckJobs, settleStuckJob } from './stuck-jobs';
