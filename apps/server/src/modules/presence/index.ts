// The presence module's front door (ARCHITECTURE §1 and §8): who is online, and when each person was
// last active (decision 0073). A creator's metrics, which read messages, are the creators module's
// (creator-metrics.ts).
export { erasePresence } from './erase-presence';
export { updateUserActivity } from './update-user-activity';
