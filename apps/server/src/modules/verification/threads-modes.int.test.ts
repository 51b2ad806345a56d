import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { profiles } from '../../db/schema';
import { createCreator, createTestApp, type TestApp, unique, useTestApp } from '../../testing';
import { everyResponseText, expectRefusal, recordingClient, signedInUser } from '../../testing/threads/kit';
import { ALREADY_LINKED } from './apply-creator-onboarding';

// A secret configured without a client id: not enough for OAuth, and still never to be sent.
const LONE_SECRET = 'lone-threads-secret-9f2c1d';

let prod: TestApp;
let demo: TestApp;
let client: ReturnType<typeof recordingClient>;
let prodClient: ReturnType<typeof recordingClient>;
let demoClient: ReturnType<typeof recordingClient>;

const dev = useTestApp({ env: { AUTH_IP_LIMIT: '1000', THREADS_CLIENT_SECRET: LONE_SECRET } });
beforeAll(async () => {
  prod = await createTestApp({
    env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', AUTH_IP_LIMIT: '1000' },
    database: dev.database,
  });
  // What `npm start` without NODE_ENV runs (scripts/serve.mjs): production, opted into the demo.
  demo = await createTestApp({
    env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', DEMO_MODE: 'true', AUTH_IP_LIMIT: '1000' },
    database: dev.database,
  });
  client = recordingClient(dev.app);
  prodClient = recordingClient(prod.app);
  demoClient = recordingClient(demo.app);
});
afterAll(async () => {
  await prod.close();
  await demo.close();
});

const profileRow = async (id: string) => {
  const [row] = await dev.database.db.select().from(profiles).where(eq(profiles.id, id));
  return row;
};

describe('without a Threads app', () => {
  test('config is simulated outside production and unavailable in production', async () => {
    const expected = {
      clientId: null,
      redirectUri: 'http://localhost:3000/auth/threads/callback',
      authorizeUrl: null,
      scope: 'threads_basic',
    };
    expect((await client.call('GET', '/verification/threads/config')).json()).toEqual({
      mode: 'simulated',
      ...expected,
    });
    expect((await prodClient.call('GET', '/verification/threads/config')).json()).toEqual({
      mode: 'unavailable',
      ...expected,
    });
  });

  test('start answers simulated, or refuses in production', async () => {
    const { cookie } = await signedInUser(dev.app, dev.database.db);
    const started = await client.call('POST', '/verification/threads/start', cookie, { username: 'someone' });
    expect(started.json()).toEqual({ mode: 'simulated', authorizeUrl: null });
    const prodUser = await signedInUser(prod.app, dev.database.db);
    const refused = await prodClient.call('POST', '/verification/threads/start', prodUser.cookie, {
      username: 'someone',
    });
    expectRefusal(refused, VERIFICATION_MESSAGES.verifyFailed);
  });

  test('complete is refused: there is no provider to ask', async () => {
    const { cookie } = await signedInUser(dev.app, dev.database.db);
    const response = await client.call('POST', '/verification/threads/complete', cookie, { code: 'c', state: 's.s' });
    expectRefusal(response, VERIFICATION_MESSAGES.verifyFailed);
  });

  test('simulate applies Creator onboarding with plainly simulated data', async () => {
    const { profile, cookie } = await signedInUser(dev.app, dev.database.db);
    const handle = unique('sim');
    const response = await client.call('POST', '/verification/threads/simulate', cookie, { username: ` @${handle} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      verified: true,
      profile_data: {
        username: handle,
        full_name: profile.displayName,
        profile_pic_url: null,
        biography: null,
        follower_count: null,
      },
    });
    expect(await profileRow(profile.id)).toMatchObject({
      isCreator: true,
      threadsOnboardingCompleted: true,
      isAvailable: true,
      instagramVerified: true,
      instagramUsername: handle,
      threadsUsername: handle,
      instagramBio: null,
      instagramProfilePicture: null,
      username: handle,
    });
  });

  test('simulate refuses an empty or impossible handle, and one linked elsewhere', async () => {
    const { cookie } = await signedInUser(dev.app, dev.database.db);
    const empty = await client.call('POST', '/verification/threads/simulate', cookie, { username: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(VERIFICATION_MESSAGES.enterUsername);
    const bad = await client.call('POST', '/verification/threads/simulate', cookie, { username: 'two words' });
    expectRefusal(bad, VERIFICATION_MESSAGES.verifyFailed);
    const taken = await createCreator(dev.database.db, { instagramUsername: unique('ig'), instagramVerified: true });
    const linked = await client.call('POST', '/verification/threads/simulate', cookie, {
      username: taken.instagramUsername?.toUpperCase() ?? '',
    });
    expectRefusal(linked, ALREADY_LINKED);
  });

  test('production without the demo opt-in has no simulation: the route does not exist', async () => {
    const { profile, cookie } = await signedInUser(prod.app, dev.database.db);
    const response = await prodClient.call('POST', '/verification/threads/simulate', cookie, { username: 'someone' });
    expect(response.statusCode).toBe(404);
    expect(await profileRow(profile.id)).toMatchObject({ isCreator: false, instagramVerified: false });
  });

  test("the demo's opt-in (DEMO_MODE) offers the simulation on a production server", async () => {
    expect((await demoClient.call('GET', '/verification/threads/config')).json()).toMatchObject({
      mode: 'simulated',
      clientId: null,
      authorizeUrl: null,
    });
    const { profile, cookie } = await signedInUser(demo.app, dev.database.db);
    const started = await demoClient.call('POST', '/verification/threads/start', cookie, { username: 'someone' });
    expect(started.json()).toEqual({ mode: 'simulated', authorizeUrl: null });
    const handle = unique('demo');
    const response = await demoClient.call('POST', '/verification/threads/simulate', cookie, { username: handle });
    expect(response.statusCode, response.body).toBe(200);
    expect(await profileRow(profile.id)).toMatchObject({
      isCreator: true,
      threadsOnboardingCompleted: true,
      isAvailable: true,
      instagramVerified: true,
      username: handle,
    });
  });
});

describe('skip', () => {
  test('sets is_creator true and instagram_verified false, leaving the rest (spec §4)', async () => {
    const { profile, cookie } = await signedInUser(dev.app, dev.database.db);
    await dev.database.db.update(profiles).set({ instagramVerified: true }).where(eq(profiles.id, profile.id));
    const response = await client.call('POST', '/verification/skip', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: profile.id,
      isCreator: true,
      instagramVerified: false,
      threadsOnboardingCompleted: false,
      isAvailable: false,
    });
    expect(await profileRow(profile.id)).toMatchObject({
      isCreator: true,
      instagramVerified: false,
      threadsOnboardingCompleted: false,
      isAvailable: false,
    });
  });
});

describe('signed-out callers', () => {
  test.each([
    ['/verification/threads/start', { username: 'someone' }],
    ['/verification/threads/complete', { code: 'c', state: 's' }],
    ['/verification/threads/simulate', { username: 'someone' }],
    ['/verification/skip', undefined],
  ])('POST %s answers 401', async (url, payload) => {
    const response = await client.call('POST', url, undefined, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  test('config needs no sign-in', async () => {
    expect((await client.call('GET', '/verification/threads/config')).statusCode).toBe(200);
  });
});

test('the configured secret appears in no response', () => {
  expect(everyResponseText([...client.seen, ...prodClient.seen, ...demoClient.seen])).not.toContain(LONE_SECRET);
});
