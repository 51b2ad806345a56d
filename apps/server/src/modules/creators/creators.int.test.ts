import { PRESENCE } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { createCreator, createUser, recordStatements, testDriver, unique, useTestApp } from '../../testing';

const t = useTestApp();

describe('GET /api/creators/featured', () => {
  // Decision 0082: the statement walks profiles_featured_idx in the index's own order and stops at the
  // eighth card. With `order by created_at desc` (nulls first, the index's opposite) every featured
  // creator was read, joined and sorted: a Sort no plan can avoid, whatever the table's size.
  test.skipIf(testDriver() !== 'postgres')('reads the featured index in its order, with nothing to sort', async () => {
    const recorder = recordStatements(t.database);
    recorder.start();
    expect((await t.app.inject({ method: 'GET', url: '/api/creators/featured' })).statusCode).toBe(200);
    const statement = recorder.stop().find((s) => s.text.includes('"is_featured"'));
    expect(statement?.params).toEqual([]);
    const plan = await t.database.db.transaction(async (tx) => {
      // This file's few rows would be read faster whole; the point is which order the index can give.
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(await tx.execute(sql.raw(`explain (format json) ${statement?.text ?? ''}`)));
    });
    expect(plan).toContain('profiles_featured_idx');
    expect(plan).not.toContain('"Node Type":"Sort"');
  });

  test('returns at most 8 featured, available creators, newest first, with card fields only', async () => {
    const db = t.database.db;
    const future = Date.now() + 365 * 86_400_000;
    const featured = [];
    for (let i = 0; i < 9; i++) {
      featured.push(await createCreator(db, { isFeatured: true, createdAt: new Date(future + i * 1000) }));
    }
    const unavailable = await createCreator(db, {
      isFeatured: true,
      isAvailable: false,
      createdAt: new Date(future + 20_000),
    });
    const fan = await createUser(db, { isFeatured: true, createdAt: new Date(future + 30_000) });

    const response = await t.app.inject({ method: 'GET', url: '/api/creators/featured' });
    expect(response.statusCode).toBe(200);
    const { creators } = response.json() as { creators: Array<Record<string, unknown>> };
    expect(creators).toHaveLength(8);
    expect(creators.map((c) => c.id)).toEqual(
      featured
        .slice(1)
        .reverse()
        .map((c) => c.id),
    );
    const ids = creators.map((c) => c.id);
    expect(ids).not.toContain(unavailable.id);
    expect(ids).not.toContain(fan.id);
    // Internal columns never leak (STYLE.md: responses strip unknown fields).
    expect(Object.keys(creators[0] ?? {})).not.toEqual(expect.arrayContaining(['email']));
    expect(creators[0]).not.toHaveProperty('email');
    expect(creators[0]).not.toHaveProperty('stripeAccountId');
    expect(creators[0]).toMatchObject({ messagePrice: 2500, isCreator: true, isAvailable: true });
  });
});

describe('GET /api/creators/quick-search', () => {
  test('matches display name, username or Instagram handle, case-insensitively', async () => {
    const db = t.database.db;
    const tag = unique('qs');
    const byName = await createCreator(db, { displayName: `Zed ${tag.toUpperCase()} Smith` });
    const byUsername = await createCreator(db, { username: `${tag}_maker` });
    const byInstagram = await createCreator(db, { instagramUsername: `insta_${tag}` });
    const response = await t.app.inject({ method: 'GET', url: `/api/creators/quick-search?q=${tag}` });
    expect(response.statusCode).toBe(200);
    const ids = response.json().creators.map((c: { id: string }) => c.id);
    expect(ids.sort()).toEqual([byName.id, byUsername.id, byInstagram.id].sort());
  });

  test('only available creators, 5 at most, username prefix matches first', async () => {
    const db = t.database.db;
    const tag = unique('lim');
    await createUser(db, { username: `${tag}_fan` });
    await createCreator(db, { username: `${tag}_away`, isAvailable: false });
    for (let i = 0; i < 6; i++) await createCreator(db, { displayName: `Someone ${tag} ${i}` });
    const prefixed = await createCreator(db, { username: `${tag}_first` });
    const response = await t.app.inject({ method: 'GET', url: `/api/creators/quick-search?q=${tag}` });
    const hits = response.json().creators as Array<{ id: string; username: string }>;
    expect(hits).toHaveLength(5);
    expect(hits[0]?.id).toBe(prefixed.id);
    expect(hits.map((h) => h.username)).not.toContain(`${tag}_fan`);
    expect(hits.map((h) => h.username)).not.toContain(`${tag}_away`);
  });

  test('needs 2 characters after trimming; wildcards in the term match literally', async () => {
    const short = await t.app.inject({ method: 'GET', url: '/api/creators/quick-search?q=%20a%20' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/creators/quick-search?q=%25%25' });
    expect(wildcard.statusCode).toBe(200);
    expect(wildcard.json().creators).toEqual([]);
  });
});

describe('GET /api/creators/landing', () => {
  test('the landing figures are counts from the database and the testimonials are real reviews with text', async () => {
    const { fanAndCreator, sendPaidMessage } = await import('../../testing');
    const db = t.database.db;
    const landing = async () => {
      const response = await t.app.inject({ url: '/api/creators/landing' });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const before = await landing();

    // A verified creator comes online; a fan is online too (not counted); a creator whose heartbeat is old is not.
    const pair = await fanAndCreator(t.app, db, { instagramVerified: true });
    await createCreator(db, { instagramVerified: false });
    const heartbeat = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/activity',
        headers: { cookie, origin: 'http://localhost:3000' },
        payload: { status: 'online' },
      });
    expect((await heartbeat(pair.creatorCookie)).statusCode).toBe(204);
    expect((await heartbeat(pair.fanCookie)).statusCode).toBe(204);

    // One paid message answered: the answered-in-time share counts it.
    const { messageId } = await sendPaidMessage(t.app, pair.fanCookie, pair.creator.id);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: pair.creatorCookie, origin: 'http://localhost:3000' },
      payload: { content: 'Thanks for writing! Here is my honest advice for you.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { cookie: pair.fanCookie, origin: 'http://localhost:3000' },
      payload: { creatorId: pair.creator.id, conversationId: messageId, rating: 5, message: 'She answered in a day.' },
    });
    expect(review.statusCode, review.body).toBe(201);

    const after = await landing();
    expect(after.creatorsOnline).toBe(before.creatorsOnline + 1);
    expect(after.verifiedCreators).toBe(before.verifiedCreators + 1);
    const countedRows = (await db.execute(sql`select
        (select count(*)::int from profiles where is_creator and instagram_verified) as verified,
        (select count(*)::int from messages where not is_followup and amount > 0 and status = 'responded') as answered,
        (select count(*)::int from messages where not is_followup and amount > 0 and status in ('responded', 'refunded')) as settled`)) as unknown as {
      rows: Array<{ verified: number; answered: number; settled: number }>;
    };
    const counted = countedRows.rows[0] ?? { verified: 0, answered: 0, settled: 0 };
    expect(after.verifiedCreators).toBe(Number(counted.verified));
    expect(after.answeredInTimePercent).toBe(Math.round((Number(counted.answered) / Number(counted.settled)) * 100));
    expect(after.testimonials[0]).toEqual({
      id: review.json().id,
      rating: 5,
      message: 'She answered in a day.',
      reviewerName: pair.fan.displayName,
      creator: { username: pair.creator.username, displayName: pair.creator.displayName },
    });

    // The heartbeat goes stale after the online window: the creator no longer counts as online.
    t.clock.advance(PRESENCE.onlineWindowSeconds * 1000 + 1000);
    expect((await landing()).creatorsOnline).toBe(before.creatorsOnline);
  });
});
