// The categories module's front door.
export { categoryRoutes } from './routes';
