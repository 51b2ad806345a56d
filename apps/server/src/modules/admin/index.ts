export { type AdminCaller, loadAdmin } from './guard';
export { recordAudit } from './record-audit';
export { adminRoutes } from './routes';
