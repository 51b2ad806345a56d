import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { payments } from '../../db/schema';
import { fanAndCreator, multipartFile, payLocal, setPlatformSetting, useTestApp } from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const patch = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile/me', headers: { cookie }, payload });
const publicProfile = async (username: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/profiles/${username}` })).json();
const checkout = (cookie: string, recipientId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie },
    payload: { recipientId, messageContent: 'Hello there, I have a question for you!' },
  });

describe('creator pricing and availability (spec §5 Message price)', () => {
  test('a creator sets price and availability; the public profile shows both at once', async () => {
    const { creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const saved = await patch(creatorCookie, { messagePrice: 4_500, isAvailable: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ messagePrice: 4_500, isAvailable: false });
    expect(await publicProfile(creator.username)).toMatchObject({ messagePrice: 4_500, isAvailable: false });
  });

  test('prices outside the live bounds, off the $5 step or with cents are refused, naming the field', async () => {
    const { creatorCookie } = await fanAndCreator(t.app, t.database.db);
    for (const cents of [400, 50_500, 2_550, 2_200]) {
      const response = await patch(creatorCookie, { messagePrice: cents });
      expect(response.statusCode, String(cents)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['messagePrice']);
    }
    // The bounds are the platform settings in force, not constants.
    await setPlatformSetting(t.database.db, 'max_message_price', 100);
    try {
      const over = await patch(creatorCookie, { messagePrice: 15_000 });
      expect(over.statusCode).toBe(400);
      expect(over.json().error.fields.messagePrice).toBe('Message price must be between $5 and $100.');
      const bounds = await t.app.inject({
        method: 'GET',
        url: '/api/creator/price-bounds',
        headers: { cookie: creatorCookie },
      });
      expect(bounds.json()).toEqual({ minDollars: 5, maxDollars: 100, stepDollars: 5 });
    } finally {
      await setPlatformSetting(t.database.db, 'max_message_price', 500);
    }
    expect((await patch(creatorCookie, { messagePrice: 15_000 })).statusCode).toBe(200);
  });

  test('fans have no price: creator-only fields are refused with 403', async () => {
    const { fanCookie } = await fanAndCreator(t.app, t.database.db);
    const response = await patch(fanCookie, { messagePrice: 2_500, isAvailable: true });
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['isAvailable', 'messagePrice']);
  });

  test('an unavailable creator cannot be paid: checkout is refused with a clear message', async () => {
    const { creator, creatorCookie, fanCookie } = await fanAndCreator(t.app, t.database.db);
    await patch(creatorCookie, { isAvailable: false });
    const refused = await checkout(fanCookie, creator.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This creator is not accepting messages right now.');
  });

  test('a price change does not change the amount of a checkout already started', async () => {
    const { creator, creatorCookie, fanCookie } = await fanAndCreator(t.app, t.database.db, { messagePrice: 2_500 });
    const started = await checkout(fanCookie, creator.id);
    const paymentId = (started.json().url as string).split('/').pop() ?? '';
    expect((await patch(creatorCookie, { messagePrice: 9_000 })).statusCode).toBe(200);
    // The started checkout keeps its amount: paying it is refused (the price changed since it
    // started, security review L3), never charged at the new price.
    expect((await payLocal(t.app, fanCookie, paymentId)).statusCode).toBe(409);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ amountTotal: 2_500, amountCreator: 1_875 });
    expect(payment?.status).not.toBe('authorized');
  });

  test('categories: at most 5, no repeats, custom names allowed', async () => {
    const { creatorCookie, creator } = await fanAndCreator(t.app, t.database.db);
    const ok = await patch(creatorCookie, { disciplines: ['Fitness', 'Underwater Basket Weaving'] });
    expect(ok.json().disciplines).toEqual(['Fitness', 'Underwater Basket Weaving']);
    expect((await publicProfile(creator.username)).disciplines).toEqual(['Fitness', 'Underwater Basket Weaving']);
    expect((await patch(creatorCookie, { disciplines: ['A', 'B', 'C', 'D', 'E', 'F'] })).statusCode).toBe(400);
    expect((await patch(creatorCookie, { disciplines: ['Music', 'music'] })).statusCode).toBe(400);
  });

  test('an unknown time zone is refused', async () => {
    const { creatorCookie } = await fanAndCreator(t.app, t.database.db);
    expect((await patch(creatorCookie, { timeZone: 'Mars/Olympus_Mons' })).statusCode).toBe(400);
    expect((await patch(creatorCookie, { timeZone: 'Europe/Berlin' })).json().timeZone).toBe('Europe/Berlin');
  });
});

describe('cover and portfolio (spec §5 Portfolio, Image upload)', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
  const upload = async (cookie: string, url: string) => {
    const body = multipartFile('file', 'pic.png', 'image/png', await png());
    return t.app.inject({ method: 'POST', url, headers: { cookie, ...body.headers }, payload: body.payload });
  };

  test('up to 6 portfolio images; reorder and delete through PATCH; never a foreign URL', async () => {
    const { creatorCookie, creator } = await fanAndCreator(t.app, t.database.db);
    let images: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await upload(creatorCookie, '/api/profile/me/portfolio');
      expect(response.statusCode).toBe(200);
      images = response.json().portfolioImages;
    }
    expect(images).toHaveLength(6);
    const seventh = await upload(creatorCookie, '/api/profile/me/portfolio');
    expect(seventh.statusCode).toBe(409);

    const reordered = [images[5], images[0], images[1]] as string[];
    const saved = await patch(creatorCookie, { portfolioImages: reordered });
    expect(saved.json().portfolioImages).toEqual(reordered);
    expect((await publicProfile(creator.username)).portfolioImages).toEqual(reordered);
    const removed = await t.app.inject({ method: 'GET', url: images[2] ?? '' });
    expect(removed.statusCode).toBe(404);

    const foreign = await patch(creatorCookie, { portfolioImages: ['https://evil.example/x.png'] });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().error.fields)).toEqual(['portfolioImages']);
  });

  test('a cover image is re-encoded and shown on the public profile', async () => {
    const { creatorCookie, creator } = await fanAndCreator(t.app, t.database.db);
    const response = await upload(creatorCookie, '/api/profile/me/cover');
    expect(response.statusCode).toBe(200);
    const { coverUrl } = response.json();
    expect(coverUrl).toMatch(/^\/uploads\/covers\/.+\.webp$/);
    expect((await publicProfile(creator.username)).coverUrl).toBe(coverUrl);
    const text = multipartFile('file', 'cover.png', 'image/png', Buffer.from('not an image'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/profile/me/cover',
      headers: { cookie: creatorCookie, ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
  });
});
