import fs from 'node:fs';
import path from 'node:path';
import { LIMITS, UPLOAD_MESSAGES } from '@fanline/contracts';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { createUser, multipartFile, signIn, useTestApp } from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000' } });

async function signedIn() {
  const user = await createUser(t.database.db);
  return { user, cookie: await signIn(t.app, user.email ?? '') };
}

const upload = (cookie: string | undefined, name: string, type: string, bytes: Buffer) => {
  const { payload, headers } = multipartFile('file', name, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/me/avatar',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
};

describe('/api/profile/me', () => {
  test('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/profile/me', payload: { bio: 'x' } })).statusCode).toBe(
      401,
    );
  });

  test('updates display name, username and bio; email cannot be changed here', async () => {
    const { user, cookie } = await signedIn();
    const username = `${user.username}_x`;
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/me',
      headers: { cookie },
      payload: { displayName: 'Renamed', username, bio: 'Hello there', email: 'hacker@example.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: 'Renamed', username, bio: 'Hello there', email: user.email });
  });

  test('a bio over 500 characters and a taken username are refused', async () => {
    const { cookie } = await signedIn();
    const other = await createUser(t.database.db);
    const long = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/me',
      headers: { cookie },
      payload: { bio: 'b'.repeat(LIMITS.bio.max + 1) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.bio).toBe('Bio must be at most 500 characters.');
    const taken = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/me',
      headers: { cookie },
      payload: { username: other.username },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('avatar upload', () => {
  const png = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer();

  test('stores a re-encoded image of at most 512 px, served from /uploads, and removes the previous one', async () => {
    const { cookie } = await signedIn();
    const first = await upload(cookie, 'me.png', 'image/png', await png());
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().avatarUrl as string;
    expect(firstUrl).toMatch(/^\/uploads\/avatars\/.+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);

    const second = await upload(cookie, 'again.png', 'image/png', await png());
    const me = await t.app.inject({ method: 'GET', url: '/api/profile/me', headers: { cookie } });
    expect(me.json().avatarUrl).toBe(second.json().avatarUrl);
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'avatars', path.basename(firstUrl)))).toBe(false);
  });

  test('metadata such as EXIF is stripped', async () => {
    const { cookie } = await signedIn();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-data' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(cookie, 'photo.jpg', 'image/jpeg', jpeg);
    const stored = await t.app.inject({ method: 'GET', url: response.json().avatarUrl });
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('secret-location-data'))).toBe(false);
  });

  test('a text file renamed to .png is refused by its content', async () => {
    const { cookie } = await signedIn();
    const response = await upload(
      cookie,
      'totally-an-image.png',
      'image/png',
      Buffer.from('just some text, not an image'),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(UPLOAD_MESSAGES.invalidType);
  });

  test('an image type other than JPG, PNG or GIF is refused', async () => {
    const { cookie } = await signedIn();
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(cookie, 'x.webp', 'image/webp', webp)).statusCode).toBe(415);
  });

  test('files over 5 MB are refused with the spec message', async () => {
    const { cookie } = await signedIn();
    const big = Buffer.concat([await png(), Buffer.alloc(LIMITS.imageBytes.max + 10)]);
    const response = await upload(cookie, 'big.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  test('needs a signed-in user', async () => {
    expect((await upload(undefined, 'me.png', 'image/png', await png())).statusCode).toBe(401);
  });
});
