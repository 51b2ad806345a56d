import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, unique } from '../../testing';
import { everyResponseText, expectRefusal, signedInUser } from '../../testing/threads/kit';
import { authorize, closedPortUrl, type OAuthHarness, startOAuthHarness } from '../../testing/threads/oauth-harness';
import { signState } from './oauth-state';

let h: OAuthHarness;
beforeAll(async () => {
  h = await startOAuthHarness();
});
afterAll(async () => {
  await h.close();
});

describe('Threads OAuth refusals', () => {
  test('a different Threads account is refused with the mismatch message', async () => {
    const { profile, cookie } = await signedInUser(h.t.app, h.t.database.db);
    const found = unique('found');
    h.standIn.setUser(found);
    const response = await h.verifyAs(cookie, '@Expected_Name');
    expectRefusal(response, VERIFICATION_MESSAGES.mismatch('Expected_Name', found));
    expect(await h.profileRow(profile.id)).toMatchObject({
      isCreator: false,
      instagramVerified: false,
      instagramUsername: null,
    });
  });

  test("a tampered, expired or someone else's state is refused before the provider is called", async () => {
    const { profile, cookie } = await signedInUser(h.t.app, h.t.database.db);
    h.standIn.setUser('tamper_target');
    const { code, state } = await authorize((await h.start(cookie, 'tamper_target')).json().authorizeUrl);
    const [body = '', signature = ''] = state.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), username: 'x' }),
    ).toString('base64url');
    const otherSecret = signState({
      secret: 'not-our-secret-not-our-secret-00',
      userId: profile.id,
      username: 'tamper_target',
      now: h.t.clock.now(),
    });
    h.standIn.requests.length = 0;
    for (const bad of [
      `${forgedBody}.${signature}`,
      `${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      body,
      `${state}.x`,
      otherSecret,
      'garbage',
    ]) {
      expectRefusal(await h.complete(cookie, code, bad), VERIFICATION_MESSAGES.failed);
    }
    const intruder = await signedInUser(h.t.app, h.t.database.db);
    expectRefusal(await h.complete(intruder.cookie, code, state), VERIFICATION_MESSAGES.failed);

    h.t.clock.advance(10 * 60 * 1000 + 1);
    expectRefusal(await h.complete(cookie, code, state), VERIFICATION_MESSAGES.failed);
    expect(h.standIn.requests).toEqual([]);
  });

  test('token exchange and profile fetch failures carry the provider status and body', async () => {
    const { cookie } = await signedInUser(h.t.app, h.t.database.db);
    const handle = unique('fail');
    h.standIn.setUser(handle);
    const { state } = await authorize((await h.start(cookie, handle)).json().authorizeUrl);
    const refused = await h.complete(cookie, 'not-a-code', state);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('VERIFICATION_FAILED');
    expect(refused.json().error.message).toMatch(
      /^Token exchange failed: 400 - \{"error":\{"message":"Invalid verification code format\.","type":"OAuthException"/,
    );

    h.standIn.setFailure('me', { status: 500, body: 'x'.repeat(300) });
    try {
      const { code, state: fresh } = await authorize((await h.start(cookie, handle)).json().authorizeUrl);
      expectRefusal(
        await h.complete(cookie, code, fresh),
        VERIFICATION_MESSAGES.profileFetchFailed(500, 'x'.repeat(200)),
      );
    } finally {
      h.standIn.setFailure('me', null);
    }
  });

  test('an unreachable provider gives the generic verification failure', async () => {
    const down = await createTestApp({
      env: { ...h.env, THREADS_API_URL: await closedPortUrl() },
      database: h.t.database,
    });
    try {
      const { cookie } = await signedInUser(down.app, h.t.database.db);
      const started = await down.app.inject({
        method: 'POST',
        url: '/api/verification/threads/start',
        headers: { cookie },
        payload: { username: 'anyone' },
      });
      const { code, state } = await authorize(started.json().authorizeUrl);
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/verification/threads/complete',
        headers: { cookie },
        payload: { code, state },
      });
      expectRefusal(response, VERIFICATION_MESSAGES.verifyFailed);
    } finally {
      await down.close();
    }
  });

  test('a cancelled authorization comes back with the error and the state, for the callback page', async () => {
    const { cookie } = await signedInUser(h.t.app, h.t.database.db);
    const started = await h.start(cookie, 'someone');
    h.standIn.setDeny(true);
    try {
      const response = await fetch(started.json().authorizeUrl, { redirect: 'manual' });
      const back = new URL(response.headers.get('location') ?? '');
      expect(back.searchParams.get('error')).toBe('access_denied');
      expect(back.searchParams.get('error_description')).toBeTruthy();
      expect(back.searchParams.get('code')).toBeNull();
      expect(back.searchParams.get('state')).toBe(new URL(started.json().authorizeUrl).searchParams.get('state'));
    } finally {
      h.standIn.setDeny(false);
    }
  });

  test('simulate does not exist when OAuth is configured', async () => {
    const { cookie } = await signedInUser(h.t.app, h.t.database.db);
    const response = await h.client.call('POST', '/verification/threads/simulate', cookie, { username: 'x' });
    expect(response.statusCode).toBe(404);
  });

  test('the client secret appears in no response', () => {
    expect(h.client.seen.length).toBeGreaterThan(10);
    expect(everyResponseText(h.client.seen)).not.toContain(h.clientSecret);
  });
});
