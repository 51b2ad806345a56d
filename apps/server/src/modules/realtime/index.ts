// The realtime module's front door (ARCHITECTURE §7): announcements other modules send, and the bus and
// stream routes the app wires.
export { announceAdminActivity, announceMessageChange, messageChangeNotices } from './announce';
export type { DeliverHere } from './event-bus';
export { createEventBus, type EventBus } from './event-bus';
export { realtimeRoutes, registerStreamAdmission } from './routes';
