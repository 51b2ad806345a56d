import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminAuditLog, profiles } from '../../db/schema';
import {
  createAdmin,
  createCreator,
  createUser,
  sendPaidMessage,
  setPlatformSetting,
  signIn,
  unique,
  useTestApp,
} from '../../testing';

// Issue 42 F3 / N4 / N9 (display names that render blank or like a creator's), F4 (usernames with no
// lookalike or staff-word check) and issue 35's one username rule (the admin rename skipped the
// reserved-name and hold rules). One rule for sign-up, the user's own edit and the admin's edit.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const HIDDEN = PROFILE_MESSAGES.displayNameHiddenCharacters;

const patchOwn = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: { cookie }, payload });
const signUp = (fields: { username?: string; displayName?: string }) => {
  const username = fields.username ?? unique('su');
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: {
      email: `${unique('e')}@example.test`,
      password: 'plum-kite-42',
      displayName: fields.displayName ?? 'Someone New',
      username,
    },
  });
};
const available = (username: string) =>
  t.app.inject({ method: 'GET', url: `/api/auth/username-available?username=${username}` });
const stored = async (id: string) =>
  (await t.database.db.select().from(profiles).where(eq(profiles.id, id)))[0] ?? { username: '', displayName: null };
const problem = (
  response: { json(): { error: { message: string; fields?: Record<string, string> } } },
  field: string,
) => response.json().error.fields?.[field] ?? response.json().error.message;

/**
 * A creator protected in production without Threads: never verified, but has taken a paid message.
 * Paying an unverified creator needs the setting off (it is on by default).
 */
async function paidUnverifiedCreator(username: string, displayName: string) {
  const creator = await createCreator(t.database.db, { username, displayName, threadsOnboardingCompleted: false });
  const fan = await createUser(t.database.db);
  await sendPaidMessage(t.app, await signIn(t.app, fan.email ?? ''), creator.id);
  return creator;
}

beforeAll(async () => {
  await setPlatformSetting(t.database.db, 'require_creator_verification', false);
});

describe('display names (F3, N4, N9)', () => {
  test('a variation selector inside a word, the Braille blank and lone combining marks are refused everywhere', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    const admin = await createAdmin(t.database.db);
    const adminCookie = await signIn(t.app, admin.email ?? '');
    const before = (await stored(fan.id)).displayName;
    for (const name of [
      'Ma\uFE0Fya Chen',
      'Maya\u2800Chen',
      '\u2800',
      'Maya Chen\uFE0F\uFE0F\uFE0F',
      '\u0301',
      '\u0335',
      'Maya \u0301Chen',
      'Maya\u1680Chen',
    ]) {
      const own = await patchOwn(cookie, { displayName: name });
      expect(own.statusCode, JSON.stringify(name)).toBe(400);
      expect(problem(own, 'displayName')).toBe(HIDDEN);
      const bySignUp = await signUp({ displayName: name });
      expect(bySignUp.statusCode, JSON.stringify(name)).toBe(400);
      const byAdmin = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${fan.id}`,
        headers: { cookie: adminCookie },
        payload: { displayName: name },
      });
      expect(byAdmin.statusCode, JSON.stringify(name)).toBe(400);
    }
    expect((await stored(fan.id)).displayName).toBe(before);
  });

  test('a name needs a letter, digit or emoji; emoji, keycaps and accents stay', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    for (const name of ['...', '- -', '\u00B7']) {
      const response = await patchOwn(cookie, { displayName: name });
      expect(response.statusCode, name).toBe(400);
      expect(problem(response, 'displayName')).toBe(PROFILE_MESSAGES.displayNameNeedsLetter);
    }
    for (const name of ['❤️', 'Dev 👩‍💻 ❤️', 'Team 1️⃣', 'José Ñúñez', 'नमस्ते', '李小龍']) {
      expect((await patchOwn(cookie, { displayName: name })).statusCode, name).toBe(200);
      expect((await stored(fan.id)).displayName).toBe(name.normalize('NFKC'));
    }
  });

  test('an unverified creator who has taken a paid message is protected: lookalikes of their name are refused', async () => {
    const tag = unique('p').slice(2);
    const creator = await paidUnverifiedCreator(unique('pc'), `Pcreator ${tag}`);
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    for (const copy of [`Pcreator ${tag}`, `PCREATOR ${tag.toUpperCase()}`, `Pcreat\u043Er ${tag}`]) {
      const response = await patchOwn(cookie, { displayName: copy });
      expect(response.statusCode, copy).toBe(400);
      expect(problem(response, 'displayName')).toBe(PROFILE_MESSAGES.displayNameConfusable);
      expect((await signUp({ displayName: copy })).statusCode, copy).toBe(400);
    }
    // The creator keeps theirs; a creator who has taken no paid message and is unverified is not protected.
    const creatorCookie = await signIn(t.app, creator.email ?? '');
    expect((await patchOwn(creatorCookie, { displayName: `Pcreator ${tag}` })).statusCode).toBe(200);
    await createCreator(t.database.db, { displayName: `Newcomer ${tag}`, threadsOnboardingCompleted: false });
    expect((await patchOwn(cookie, { displayName: `Newcomer ${tag}` })).statusCode).toBe(200);
  });
});

describe('usernames (F4)', () => {
  test("lookalikes of a protected creator's username are refused at sign-up, own edit and availability", async () => {
    const tag = unique('x').slice(2).replace(/[01]/g, 'q');
    await paidUnverifiedCreator(`mayastyle_${tag}`, `Maya ${tag}`);
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    for (const copy of [`rnayastyle_${tag}`, `mayasty1e_${tag}`, `rnayasty1e_${tag}`]) {
      const own = await patchOwn(cookie, { username: copy });
      expect(own.statusCode, copy).toBe(409);
      expect(own.json().error).toMatchObject({ code: 'USERNAME_TAKEN', message: PROFILE_MESSAGES.usernameConfusable });
      expect((await signUp({ username: copy })).statusCode, copy).toBe(409);
      expect((await available(copy)).json()).toEqual({ available: false });
    }
    expect((await patchOwn(cookie, { username: `mayafan_${tag}` })).statusCode).toBe(200);
  });

  test('staff words, their lookalikes and names of only underscores are refused', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    const { username } = await stored(fan.id);
    for (const name of [
      'fanline_support',
      'support_team',
      'official_mayastyle',
      'admin_jo',
      'adrnin',
      'staff',
      'fan1ine_help',
      'the_fanline',
      'moderator2',
    ]) {
      const response = await patchOwn(cookie, { username: name });
      expect(response.statusCode, name).toBe(409);
      expect(response.json().error.message).toBe(AUTH_MESSAGES.usernameTakenServer);
      expect((await available(name)).json(), name).toEqual({ available: false });
    }
    const underscores = await patchOwn(cookie, { username: '____' });
    expect(underscores.statusCode).toBe(400);
    expect(problem(underscores, 'username')).toBe(PROFILE_MESSAGES.usernameNeedsLetter);
    expect((await stored(fan.id)).username).toBe(username);
  });
});

describe("the admin's rename (issue 35)", () => {
  test('refuses a reserved, staff, held or lookalike username, and holds the old name like the own edit', async () => {
    const admin = await createAdmin(t.database.db);
    const headers = { cookie: await signIn(t.app, admin.email ?? '') };
    const user = await createUser(t.database.db);
    const rename = (id: string, username: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers, payload: { username } });

    // A name another user renamed away from is held for them.
    const holder = await createCreator(t.database.db);
    const held = holder.username;
    const holderCookie = await signIn(t.app, holder.email ?? '');
    expect((await patchOwn(holderCookie, { username: unique('moved') })).statusCode).toBe(200);

    const tag = unique('y').slice(2).replace(/[01]/g, 'q');
    await paidUnverifiedCreator(`coachdre_${tag}`, `Dre ${tag}`);
    for (const [name, message] of [
      ['admin', AUTH_MESSAGES.usernameTakenServer],
      ['dashboard', AUTH_MESSAGES.usernameTakenServer],
      ['fanline_support', AUTH_MESSAGES.usernameTakenServer],
      [held, AUTH_MESSAGES.usernameTakenServer],
      [`c0achdre_${tag}`, PROFILE_MESSAGES.usernameConfusable],
    ] as const) {
      const response = await rename(user.id, name);
      expect(response.statusCode, name).toBe(409);
      expect(response.json().error.message, name).toBe(message);
    }
    const refusedShape = await rename(user.id, 'Bad Name!');
    expect(refusedShape.statusCode).toBe(400);
    expect(problem(refusedShape, 'username')).toBe('Use only lowercase letters, numbers and underscores.');
    // A refusal changes nothing and audits nothing.
    const audited = () => t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, user.id));
    expect(await audited()).toEqual([]);

    const oldName = (await stored(user.id)).username;
    const newName = unique('adm');
    expect((await rename(user.id, newName)).statusCode).toBe(200);
    expect((await stored(user.id)).username).toBe(newName);
    expect(await audited()).toMatchObject([
      { adminId: admin.id, action: 'user.edit', before: { username: oldName }, after: { username: newName } },
    ]);
    // The old name is now held for the renamed user: nobody else may take it.
    expect((await available(oldName)).json()).toEqual({ available: false });
    expect((await signUp({ username: oldName })).statusCode).toBe(409);
  });
});
