// The presence module's front door (ARCHITECTURE §1 and §8).
export { getCreatorMetrics } from './get-creator-metrics';
export { presenceRoutes } from './routes';
export { updateUserActivity } from './update-user-activity';
