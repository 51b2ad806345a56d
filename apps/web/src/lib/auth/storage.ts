// Browser storage the auth flows rely on. Every access is guarded: storage can be disabled or full.

/** spec §2 Post-login redirect: the path a logged-out visitor wanted (set by the profile page's Message button). */
export const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';

/**
 * Keys that only make sense while signed in. spec §4 Auth: on sign-out they are cleared. The session
 * itself lives in an HttpOnly cookie; these are hints and in-progress flows.
 */
const AUTH_KEY_PREFIX = 'fanline:auth:';
export const SIGNED_IN_HINT_KEY = `${AUTH_KEY_PREFIX}signed-in`;
export const PENDING_CREATOR_VERIFICATION_KEY = `${AUTH_KEY_PREFIX}pending-creator-verification`;

export function readStorage(key: string, storage: 'local' | 'session' = 'local'): string | null {
  try {
    return (storage === 'local' ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, storage: 'local' | 'session' = 'local'): void {
  try {
    const target = storage === 'local' ? window.localStorage : window.sessionStorage;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // Storage unavailable (private mode, quota): the flows still work, only without the hint.
  }
}

export function clearStoredAuthKeys(): void {
  for (const storage of ['local', 'session'] as const) {
    try {
      const target = storage === 'local' ? window.localStorage : window.sessionStorage;
      const keys = Array.from({ length: target.length }, (_, i) => target.key(i)).filter(
        (key): key is string => key?.startsWith(AUTH_KEY_PREFIX) ?? false,
      );
      for (const key of keys) target.removeItem(key);
    } catch {
      // nothing stored, nothing to clear
    }
  }
}

/**
 * A same-site path we may navigate to: starts with one '/' (never '//host' or 'https://…'), so a
 * stored or query-string value can never send the user to another site.
 */
export function isSafeInternalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

/** Appends `openModal=true`, keeping an existing query string and hash. */
export function withOpenModal(path: string): string {
  const hashIndex = path.indexOf('#');
  const base = hashIndex === -1 ? path : path.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : path.slice(hashIndex);
  return `${base}${base.includes('?') ? '&' : '?'}openModal=true${hash}`;
}

/**
 * Where to go after signing in (spec §2 Post-login redirect): a stored path that contains a '/' and
 * is not '/' opens with ?openModal=true (it must also be a same-site path), and is removed; otherwise `returnTo` (a guard sent the user
 * to /login from a protected page); otherwise '/'. Reading it consumes the stored path.
 */
export function takePostLoginTarget(returnTo?: string | null): string {
  const stored = readStorage(REDIRECT_AFTER_LOGIN_KEY);
  if (stored !== null) writeStorage(REDIRECT_AFTER_LOGIN_KEY, null);
  if (stored !== null && stored !== '/' && isSafeInternalPath(stored)) return withOpenModal(stored);
  if (isSafeInternalPath(returnTo) && returnTo !== '/') return returnTo;
  return '/';
}
