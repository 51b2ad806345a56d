// The admin module's front door: the audit trail other modules write to, and the portal's routes.
export { recordAudit } from './record-audit';
export { adminRoutes } from './routes';
