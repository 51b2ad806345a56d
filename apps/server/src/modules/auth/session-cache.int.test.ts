import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createUser, recordStatements, signIn, TEST_PASSWORD, useTestApp, whoAmI } from '../../testing';

// The cache as production runs it (tests default to 0): a session row read for one request serves
// the next ones for 10 s here, so a test that went wrong would see a stale answer.
const clock = new ManualClock();
const t = useTestApp({ clock, env: { SESSION_CACHE_MS: '10000', AUTH_IP_LIMIT: '1000' } });

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function sessionReads(cookie: string): Promise<number> {
  const recorder = recordStatements(t.database);
  recorder.start();
  await whoAmI(t.app, cookie);
  return recorder.stop().filter((s) => /from "sessions"/i.test(s.text)).length;
}

describe('session cache (issue 14)', () => {
  test('a signed-in request reuses the session read of the one before it', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    expect(await sessionReads(cookie)).toBe(1);
    expect(await sessionReads(cookie)).toBe(0);
    expect((await whoAmI(t.app, cookie))?.id).toBe(user.id);
  });

  test('signing out ends the session at once, cached or not', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    expect((await whoAmI(t.app, cookie))?.id).toBe(user.id);
    expect((await post('/api/auth/sign-out', cookie)).statusCode).toBe(204);
    expect(await whoAmI(t.app, cookie)).toBeNull();
  });

  test('signing out everywhere and changing the password end the other sessions at once', async () => {
    const user = await createUser(t.database.db);
    const [a, b, c] = [
      await signIn(t.app, user.email ?? ''),
      await signIn(t.app, user.email ?? ''),
      await signIn(t.app, user.email ?? ''),
    ];
    for (const cookie of [a, b, c]) expect((await whoAmI(t.app, cookie))?.id).toBe(user.id);
    const changed = await post('/api/auth/change-password', a, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-password-42',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await whoAmI(t.app, a))?.id).toBe(user.id);
    expect(await whoAmI(t.app, b)).toBeNull();
    expect(await whoAmI(t.app, c)).toBeNull();
    const d = await signIn(t.app, user.email ?? '', 'a-brand-new-password-42');
    expect((await whoAmI(t.app, d))?.id).toBe(user.id);
    expect((await post('/api/auth/sign-out?scope=global', d)).statusCode).toBe(204);
    expect(await whoAmI(t.app, a)).toBeNull();
  });

  test('a cached session still ends when it has been idle too long', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    expect((await whoAmI(t.app, cookie))?.id).toBe(user.id);
    clock.advance(8 * 86_400_000);
    expect(await whoAmI(t.app, cookie)).toBeNull();
    clock.advance(-8 * 86_400_000);
    expect(await whoAmI(t.app, cookie)).toBeNull();
  });

  test("another instance's revocation reaches this cache through the event bus", async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    expect((await whoAmI(t.app, cookie))?.id).toBe(user.id);
    // What revokeUserSessions then announceSessionsEnded do on another instance.
    await t.database.db.execute(sql`delete from sessions where user_id = ${user.id}`);
    expect((await whoAmI(t.app, cookie))?.id, 'the cached row still answers until the announcement').toBe(user.id);
    await t.app.events.sessionsEnded([user.id]);
    await expect.poll(() => whoAmI(t.app, cookie), { timeout: 3000 }).toBeNull();
  });
});
