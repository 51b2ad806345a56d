// The realtime module's front door (ARCHITECTURE §7): announcements other modules send, the bus and the
// streams' admission the app wires. The stream route itself is registered by the route table (src/routes.ts).
export { ADMIN_CHANNEL, announceAdminActivity, announceMessageChange, messageChangeNotices } from './announce';
export { createEventBus } from './create-event-bus';
export type { DeliverHere, EventBus, StreamListener } from './event-bus';
export { REPLAY_MAX_AGE_MS, REPLAY_MAX_EVENTS } from './replay-buffer';
export {
  adjust,
  MAX_STREAMS_PER_ADDRESS,
  MAX_STREAMS_PER_USER,
  registerStreamAdmission,
  tooManyStreams,
} from './stream-admission';
export { followStream, type SendEvent } from './stream-feed';
export {
  countLiveStreamsByInstance,
  createStreamLeases,
  LEASE_REFRESH_MS,
  LEASE_STALE_MS,
  type StreamLeases,
} from './stream-leases';
