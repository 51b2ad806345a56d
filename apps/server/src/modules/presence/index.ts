// The presence module's front door (ARCHITECTURE §1 and §8): who is online. A creator's metrics, which
// read messages, are the creators module's (creator-metrics.ts).
export { updateUserActivity } from './update-user-activity';
