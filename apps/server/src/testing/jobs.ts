// The jobs pass (expiry, payment and payout reconcilers), for tests that play a fresh instance.
export { runJobsOnce } from '../jobs/run-jobs';
export { ManualClock } from '../platform/clock';
