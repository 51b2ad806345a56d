// The auth module's front door: what other modules and the app (app.ts, bootstrap, seed) may call.
// The request guards (requireUser, requireAdmin, requireCreator, userId) live in platform/auth-guard.ts.

export { authMailDefinition, sendAuthMail } from './auth-mail';
export { type CreateAccountOptions, createAccount, type ProfileFields, setAccountPassword } from './create-account';
export { ensureSuperAdmin, hasSuperAdmin, SuperAdminError, type SuperAdminOutcome } from './ensure-super-admin';
export { registerAuthHooks, sessionCookieName, sessionTokenOf } from './session-hook';
export { createSession, isSessionLive, revokeSession, revokeUserSessions, SESSION_COOKIE } from './sessions';
export { hashToken } from './tokens';
