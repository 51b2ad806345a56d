import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { unique } from '../../testing';
import { everyResponseText, expectRefusal, signedInUser } from '../../testing/threads/kit';
import {
  authorize,
  CLIENT_ID,
  type OAuthHarness,
  REDIRECT_URI,
  startOAuthHarness,
} from '../../testing/threads/oauth-harness';
import { ALREADY_LINKED } from './apply-creator-onboarding';
import { verifyState } from './oauth-state';
import { stateSecret } from './threads-mode';

let h: OAuthHarness;
beforeAll(async () => {
  h = await startOAuthHarness();
});
afterAll(async () => {
  await h.close();
});

describe('Threads OAuth', () => {
  test('config names the oauth mode and the public client id, never the secret', async () => {
    const response = await h.client.call('GET', '/verification/threads/config');
    expect(response.json()).toEqual({
      mode: 'oauth',
      clientId: CLIENT_ID,
      redirectUri: REDIRECT_URI,
      authorizeUrl: `${h.standIn.url}/oauth/authorize`,
      scope: 'threads_basic',
    });
  });

  test('start builds the provider URL with every parameter and a signed, expiring state', async () => {
    const { profile, cookie } = await signedInUser(h.t.app, h.t.database.db);
    const response = await h.start(cookie, '  @Some_Handle ');
    expect(response.statusCode).toBe(200);
    expect(response.json().mode).toBe('oauth');
    const url = new URL(response.json().authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.standIn.url}/oauth/authorize`);
    expect([...url.searchParams.keys()].sort()).toEqual([
      'client_id',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ]);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('scope')).toBe('threads_basic');
    expect(url.searchParams.get('response_type')).toBe('code');
    const state = verifyState({
      secret: stateSecret(h.t.config),
      state: url.searchParams.get('state') ?? '',
      now: h.t.clock.now(),
    });
    expect(state).toMatchObject({
      userId: profile.id,
      username: 'Some_Handle',
      exp: h.t.clock.now().getTime() + 600_000,
    });
    expect(state?.nonce.length).toBeGreaterThan(10);
  });

  test('start refuses an empty username in the spec words', async () => {
    const { cookie } = await signedInUser(h.t.app, h.t.database.db);
    for (const username of ['', '   ', '@']) {
      const response = await h.start(cookie, username);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Please enter a username');
    }
  });

  test('complete verifies through the provider and applies spec §4 Creator onboarding', async () => {
    const { profile, cookie } = await signedInUser(h.t.app, h.t.database.db);
    const handle = unique('th');
    const account = h.standIn.setUser(handle);
    h.standIn.requests.length = 0;
    const response = await h.verifyAs(cookie, handle.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      verified: true,
      profile_data: {
        username: handle,
        full_name: account.name,
        profile_pic_url: account.threads_profile_picture_url,
        biography: account.threads_biography,
        follower_count: null,
      },
    });
    expect(response.body).not.toContain('THQ');

    const token = h.standIn.requests.find((r) => r.path === '/oauth/access_token');
    expect(token?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token?.form).toMatchObject({
      client_id: CLIENT_ID,
      client_secret: h.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
    });
    const me = h.standIn.requests.find((r) => r.path === '/v1.0/me');
    expect(me?.query.fields).toBe('id,username,name,threads_profile_picture_url,threads_biography');
    expect(me?.headers.authorization).toMatch(/^Bearer THQ/);

    expect(await h.profileRow(profile.id)).toMatchObject({
      isCreator: true,
      threadsOnboardingCompleted: true,
      isAvailable: true,
      instagramVerified: true,
      threadsUsername: handle,
      instagramUsername: handle,
      instagramProfilePicture: account.threads_profile_picture_url,
      instagramBio: account.threads_biography,
      // display_name is kept when set; the free handle becomes the username.
      displayName: profile.displayName,
      username: handle,
    });
    const session = await h.client.call('GET', '/auth/session', cookie);
    expect(session.json().user).toMatchObject({
      isCreator: true,
      threadsOnboardingCompleted: true,
      instagramVerified: true,
      username: handle,
    });
  });

  test('an empty display name takes the Threads name; a taken username is kept', async () => {
    const { profile: other } = await signedInUser(h.t.app, h.t.database.db);
    const { profile, cookie } = await signedInUser(h.t.app, h.t.database.db, null);
    const account = h.standIn.setUser(other.username);
    const response = await h.verifyAs(cookie, other.username);
    expect(response.statusCode, response.body).toBe(200);
    expect(await h.profileRow(profile.id)).toMatchObject({
      displayName: account.name,
      username: profile.username,
      instagramUsername: other.username,
    });
  });

  test('a handle already linked to another profile is refused', async () => {
    const handle = unique('linked');
    h.standIn.setUser(handle);
    const first = await signedInUser(h.t.app, h.t.database.db);
    expect((await h.verifyAs(first.cookie, handle)).statusCode).toBe(200);
    const second = await signedInUser(h.t.app, h.t.database.db);
    expectRefusal(await h.verifyAs(second.cookie, handle.toUpperCase()), ALREADY_LINKED);
    expect(await h.profileRow(second.profile.id)).toMatchObject({ isCreator: false, instagramUsername: null });
  });

  test('two profiles racing to verify one handle: exactly one wins', async () => {
    const handle = unique('race');
    h.standIn.setUser(handle);
    const users = [await signedInUser(h.t.app, h.t.database.db), await signedInUser(h.t.app, h.t.database.db)];
    const flows = await Promise.all(
      users.map(async ({ cookie }) => ({
        cookie,
        ...(await authorize((await h.start(cookie, handle)).json().authorizeUrl)),
      })),
    );
    const results = await Promise.all(flows.map(({ cookie, code, state }) => h.complete(cookie, code, state)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400);
    if (loser) expectRefusal(loser, ALREADY_LINKED);
  });

  test('the client secret appears in no response', () => {
    expect(h.client.seen.length).toBeGreaterThan(10);
    expect(everyResponseText(h.client.seen)).not.toContain(h.clientSecret);
  });
});
