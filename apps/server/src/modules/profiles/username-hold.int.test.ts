import { AUTH_MESSAGES } from '@fanline/contracts';
import { expect, test } from 'vitest';
import { createCreator, createUser, signIn, unique, useTestApp } from '../../testing';
import { USERNAME_HOLD_DAYS } from './username-availability';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const rename = (cookie: string, username: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: { cookie }, payload: { username } });
const available = (username: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/auth/username-available?username=${username}`,
    headers: cookie ? { cookie } : {},
  });
const signUp = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email: `${unique('e')}@example.test`, password: 'secret1-pass', displayName: 'Someone', username },
  });

// Security review L5: a freed username is held for its old owner, so old links never open an impostor.
test('a renamed creator’s old name is held: nobody else may take it and it still leads to them', async () => {
  const oldName = unique('old');
  const newName = unique('new');
  const creator = await createCreator(t.database.db, { username: oldName });
  const cookie = await signIn(t.app, creator.email ?? '');
  expect((await rename(cookie, newName)).statusCode).toBe(200);

  expect((await available(oldName)).json()).toEqual({ available: false });
  const taken = await signUp(oldName);
  expect(taken.statusCode).toBe(409);
  expect(taken.json().error).toMatchObject({ code: 'USERNAME_TAKEN', message: AUTH_MESSAGES.usernameTakenServer });
  const other = await createUser(t.database.db);
  const otherCookie = await signIn(t.app, other.email ?? '');
  const otherRename = await rename(otherCookie, oldName);
  expect(otherRename.statusCode).toBe(409);
  expect(otherRename.json().error.message).toBe(AUTH_MESSAGES.usernameTakenServer);

  // The old link opens the renamed creator, not a stranger.
  const profile = await t.app.inject({ method: 'GET', url: `/api/profiles/${oldName}` });
  expect(profile.statusCode).toBe(200);
  expect(profile.json()).toMatchObject({ id: creator.id, username: newName });

  // Its owner may take it back.
  expect((await available(oldName, cookie)).json()).toEqual({ available: true });
  expect((await rename(cookie, oldName)).statusCode).toBe(200);
});

test('after the hold period the name is free again', async () => {
  const oldName = unique('old');
  const creator = await createCreator(t.database.db, { username: oldName });
  const cookie = await signIn(t.app, creator.email ?? '');
  expect((await rename(cookie, unique('new'))).statusCode).toBe(200);
  t.clock.advance((USERNAME_HOLD_DAYS + 1) * 86_400_000);
  expect((await available(oldName)).json()).toEqual({ available: true });
  const claimed = await signUp(oldName);
  expect(claimed.statusCode).toBe(201);
  const profile = await t.app.inject({ method: 'GET', url: `/api/profiles/${oldName}` });
  expect(profile.statusCode).toBe(404);
});
