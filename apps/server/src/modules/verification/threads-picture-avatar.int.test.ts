import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { outbox } from '../../db/schema';
import { testPng, unique, uploadFile } from '../../testing';
import { runJobsOnce } from '../../testing/jobs';
import { signedInUser } from '../../testing/threads/kit';
import { type OAuthHarness, startOAuthHarness } from '../../testing/threads/oauth-harness';

// Decision 0048: a verified creator's Threads picture is copied into our storage as the avatar (an
// outbox effect written with the onboarding), never shown from the provider's CDN.
let h: OAuthHarness;
beforeAll(async () => {
  h = await startOAuthHarness();
});
afterAll(async () => {
  await h.close();
});

const pictureRequests = () => h.standIn.requests.filter((r) => r.path.startsWith('/pictures/'));
const effectRows = (profileId: string) =>
  h.t.database.db
    .select({ status: outbox.status, attempts: outbox.attempts })
    .from(outbox)
    .where(like(outbox.key, `avatar-from-picture:${profileId}:%`));

async function verifiedCreator() {
  const user = await signedInUser(h.t.app, h.t.database.db);
  const account = h.standIn.setUser(unique('pic'));
  const response = await h.verifyAs(user.cookie, account.username);
  expect(response.statusCode, response.body).toBe(200);
  return { ...user, account };
}

describe("the Threads picture becomes the creator's own avatar", () => {
  test('after verification the avatar is our webp copy, served from /uploads', async () => {
    h.standIn.requests.length = 0;
    const { profile, cookie, account } = await verifiedCreator();
    expect(account.threads_profile_picture_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pictures\/.+\.jpg\?oh=/);
    expect(pictureRequests()).toHaveLength(1);

    const row = await h.profileRow(profile.id);
    expect(row?.avatarUrl).toMatch(/^\/uploads\/avatars\/[^/]+\.webp$/);
    // The provider's field stays as the spec lists it; it is only never shown.
    expect(row?.instagramProfilePicture).toBe(account.threads_profile_picture_url);
    const session = await h.client.call('GET', '/auth/session', cookie);
    expect(session.json().user.avatarUrl).toBe(row?.avatarUrl);

    const image = await h.t.app.inject({ method: 'GET', url: row?.avatarUrl ?? '' });
    expect(image.statusCode).toBe(200);
    const bytes = image.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await effectRows(profile.id)).toEqual([{ status: 'done', attempts: 1 }]);
  });

  test('an avatar the creator already has is not replaced, and the picture is not fetched', async () => {
    const { profile, cookie } = await signedInUser(h.t.app, h.t.database.db);
    const uploaded = await uploadFile(h.t.app, '/api/profile/me/avatar', cookie, await testPng());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const own = uploaded.json().avatarUrl;
    h.standIn.requests.length = 0;
    const account = h.standIn.setUser(unique('own'));
    expect((await h.verifyAs(cookie, account.username)).statusCode).toBe(200);

    expect((await h.profileRow(profile.id))?.avatarUrl).toBe(own);
    expect(pictureRequests()).toHaveLength(0);
    expect(await effectRows(profile.id)).toEqual([]);
  });

  test('a picture that is not an image ends the effect without an avatar, and is not fetched again', async () => {
    h.standIn.setFailure('picture', { status: 200, body: '<html>Sorry, this content is not available</html>' });
    try {
      h.standIn.requests.length = 0;
      const { profile } = await verifiedCreator();
      expect(pictureRequests()).toHaveLength(1);
      expect((await h.profileRow(profile.id))?.avatarUrl).toBeNull();
      expect(await effectRows(profile.id)).toEqual([{ status: 'done', attempts: 1 }]);

      // Later passes of the jobs leave it be.
      h.t.clock.advance(3_600_000);
      await runJobsOnce(h.t.app);
      expect(pictureRequests()).toHaveLength(1);
    } finally {
      h.standIn.setFailure('picture', null);
    }
  });

  test("a picture server that fails is retried by the outbox's jobs until the copy is made", async () => {
    h.standIn.setFailure('picture', { status: 503, body: 'try later' });
    let profileId: string;
    try {
      const { profile } = await verifiedCreator();
      profileId = profile.id;
      expect((await h.profileRow(profileId))?.avatarUrl).toBeNull();
      expect(await effectRows(profileId)).toEqual([{ status: 'pending', attempts: 1 }]);
    } finally {
      h.standIn.setFailure('picture', null);
    }
    await runJobsOnce(h.t.app);
    expect((await h.profileRow(profileId))?.avatarUrl).toMatch(/^\/uploads\/avatars\/[^/]+\.webp$/);
    expect(await effectRows(profileId)).toEqual([{ status: 'done', attempts: 2 }]);
  });
});
