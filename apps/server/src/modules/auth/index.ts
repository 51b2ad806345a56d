// The auth module's front door: what other modules and the app (app.ts, bootstrap, seed) may call.
// The request guards (requireUser, requireAdmin, requireCreator, userId) live in platform/auth-guard.ts.

export { accountClosingMailDefinition, accountClosingMailEffect, sendAccountClosingMail } from './account-closing-mail';
export {
  accountDeletionOf,
  assertOwnPassword,
  cancelAccountDeletion,
  claimDueDeletions,
  lockPendingDeletion,
  markAccountErased,
  recordAccountDeletion,
} from './account-deletions';
export { authMailDefinition, sendAuthMail } from './auth-mail';
export { type CreateAccountOptions, createAccount, type ProfileFields, setAccountPassword } from './create-account';
export { ensureSuperAdmin, hasSuperAdmin, SuperAdminError, type SuperAdminOutcome } from './ensure-super-admin';
export { eraseAccount, erasedEmail } from './erase-account';
export { registerAuthHooks, sessionCookieName, sessionTokenOf } from './session-hook';
export {
  announceSessionsEnded,
  createSession,
  isSessionLive,
  liveSessionIds,
  revokeSession,
  revokeUserSessions,
  SESSION_COOKIE,
} from './sessions';
export { hashToken } from './tokens';
