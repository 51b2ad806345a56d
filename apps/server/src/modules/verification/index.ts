// The verification module's front door.
export { verificationRoutes } from './routes';
