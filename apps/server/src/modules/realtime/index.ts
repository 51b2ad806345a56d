// The realtime module's front door (ARCHITECTURE §7): announcements other modules send, the bus and the
// streams' admission the app wires. The stream route itself is registered by the route table (src/routes.ts).
export { announceAdminActivity, announceMessageChange, messageChangeNotices } from './announce';
export type { DeliverHere } from './event-bus';
export { createEventBus, type EventBus } from './event-bus';
export { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_USER, registerStreamAdmission } from './stream-admission';
