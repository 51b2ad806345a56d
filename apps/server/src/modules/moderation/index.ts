// The moderation module's front door: the auto-flag payments calls, and the report queue admin serves.
export { autoFlagMessage } from './auto-flag-message';
export { flagNotAnAnswer } from './flag-not-an-answer';
export { listReports } from './list-reports';
export { reportContent } from './report-content';
export { upheldFlagsAwaitingRefund } from './retry-upheld-refunds';
export { decideReport, type Ruling } from './review-report';
