/**
 * The seeded demo accounts, by role: the one place their addresses and usernames are written. Their
 * passwords are never in code: they are generated per data directory and kept in
 * `DATA_DIR/demo-logins.json` (see platform/bootstrap.ts). Tests, e2e journeys and scripts import this
 * (`@fanline/server/demo-accounts`, or through `@fanline/server/testing`) instead of restating it.
 */

/** The domain every demo account's address is on. */
export const DEMO_EMAIL_DOMAIN = 'fanline.test';

/** A seeded account's address (every demo creator's, the extra demo fans'): the username without underscores, on the demo domain. */
export function demoEmail(username: string): string {
  return `${username.replace(/_/g, '')}@${DEMO_EMAIL_DOMAIN}`;
}

export const DEMO_ACCOUNTS = {
  /** The demo fan; signs in with the same generated password as every demo creator. */
  fan: { email: `fan@${DEMO_EMAIL_DOMAIN}`, username: 'demofan', displayName: 'Demo Fan' },
  /** The demo admin (seeded only when no ADMIN_EMAIL is configured); has its own generated password. */
  admin: { email: `admin@${DEMO_EMAIL_DOMAIN}` },
  /** The first demo creator, the one journeys sign in as when any creator will do. */
  creator: { email: demoEmail('mayastyle'), username: 'mayastyle' },
} as const;
