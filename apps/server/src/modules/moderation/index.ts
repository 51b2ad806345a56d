export { autoFlagMessage, matchBlocklist } from './auto-flag-message';
export { listReports } from './list-reports';
export { reviewReport } from './review-report';
export { reportRoutes } from './routes';
