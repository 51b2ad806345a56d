// The health module's front door.
export { healthRoutes } from './routes';
