import { PROFILE_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { profiles } from '../../db/schema';
import { createAdmin, createCreator, createUser, signIn, unique, useTestApp } from '../../testing';

// Security review N4 (display names took zero-width, bidi-override and control characters, and a
// creator's name exactly) and N9 (an admin could blank a display name). One rule for sign-up, the
// user's own edit and the admin's edit.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000' } });

const HIDDEN = PROFILE_MESSAGES.displayNameHiddenCharacters;
const CONFUSABLE = PROFILE_MESSAGES.displayNameConfusable;

const editOwn = (cookie: string, displayName: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: { cookie }, payload: { displayName } });
const storedName = async (id: string) =>
  (await t.database.db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, id)))[0]?.name;
const message = (response: { json(): { error: { message: string; fields?: Record<string, string> } } }) =>
  response.json().error.fields?.displayName ?? response.json().error.message;

describe("the user's own edit", () => {
  test('zero-width, bidi-override, isolate and control characters are refused with a clear 400', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    const before = await storedName(fan.id);
    for (const name of ['Maya Chen\u200b', '\u202eevil', 'a\u0001b', '\u200b', 'left\u2066right\u2069', 'x\u200fy']) {
      const response = await editOwn(cookie, name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(message(response)).toBe(HIDDEN);
    }
    expect(await storedName(fan.id)).toBe(before);
  });

  test('names are stored NFKC-normalized; emoji with joiners and variation selectors stay', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    expect((await editOwn(cookie, 'Ｊｕｎｅ ﬁsh')).statusCode).toBe(200);
    expect(await storedName(fan.id)).toBe('June fish');
    expect((await editOwn(cookie, 'Dev 👩‍💻 ❤️')).statusCode).toBe(200);
    expect(await storedName(fan.id)).toBe('Dev 👩‍💻 ❤️');
  });

  test("a name confusable with a verified creator's is refused; the creator keeps theirs", async () => {
    const tag = unique('n').slice(2);
    const creator = await createCreator(t.database.db, { displayName: `Maya Lane ${tag}` });
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    for (const copy of [
      `Maya Lane ${tag}`,
      `M\u0430ya Lane ${tag}`,
      `MAYA LANE ${tag.toUpperCase()}`,
      `Maya  Lane ${tag}`,
    ]) {
      const response = await editOwn(cookie, copy);
      expect(response.statusCode, copy).toBe(400);
      expect(message(response)).toBe(CONFUSABLE);
    }
    expect((await editOwn(cookie, `Maya Fan ${tag}`)).statusCode).toBe(200);
    // The creator saving their own name again, and an unverified creator's name, are fine.
    const creatorCookie = await signIn(t.app, creator.email ?? '');
    expect((await editOwn(creatorCookie, `Maya Lane ${tag}`)).statusCode).toBe(200);
    const unverified = await createCreator(t.database.db, {
      displayName: `Pending ${tag}`,
      threadsOnboardingCompleted: false,
    });
    expect(unverified).toBeTruthy();
    expect((await editOwn(cookie, `Pending ${tag}`)).statusCode).toBe(200);
  });
});

describe('sign-up', () => {
  test('the same rules: hidden characters and a verified creator’s name are refused', async () => {
    const tag = unique('s').slice(2);
    await createCreator(t.database.db, { displayName: `Coach Dre ${tag}` });
    const signUp = (displayName: string) => {
      const username = unique('nm');
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email: `${username}@example.test`, password: 'Passw0rd!x12', username, displayName },
      });
    };
    const hidden = await signUp('Coach\u200b');
    expect(hidden.statusCode).toBe(400);
    expect(message(hidden)).toBe(HIDDEN);
    const copy = await signUp(`Co\u0430ch Dre ${tag}`);
    expect(copy.statusCode).toBe(400);
    expect(message(copy)).toBe(CONFUSABLE);
    expect((await signUp(`Coach Fan ${tag}`)).statusCode).toBe(201);
  });
});

describe("the admin's edit (N9)", () => {
  test('applies the same rules as the user’s own edit: no blank name, no hidden characters, no lookalike', async () => {
    const tag = unique('a').slice(2);
    await createCreator(t.database.db, { displayName: `Lena Beats ${tag}` });
    const admin = await createAdmin(t.database.db);
    const headers = { cookie: await signIn(t.app, admin.email ?? '') };
    const user = await createUser(t.database.db, { displayName: `Before ${tag}` });
    const edit = (displayName: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.id}`, headers, payload: { displayName } });
    for (const [name, expected] of [
      ['', PROFILE_MESSAGES.displayNameRequired],
      ['   ', PROFILE_MESSAGES.displayNameRequired],
      ['a\u200bb', HIDDEN],
      [`Lena Beats ${tag}`, CONFUSABLE],
    ] as const) {
      const response = await edit(name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(message(response)).toBe(expected);
    }
    expect(await storedName(user.id)).toBe(`Before ${tag}`);
    expect((await edit(`Ｎｅｗ ${tag}`)).statusCode).toBe(200);
    expect(await storedName(user.id)).toBe(`New ${tag}`);
  });
});
