import { ADMIN_PAGE_SIZE } from '@fanline/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminAuditLog, contactMessages, contentModeration, messages, payments } from '../db/schema';
import { createAdmin, createCreator, createUser, signIn, useTestApp } from '../testing';

// Decision 0028: every admin list answers one page (ADMIN_PAGE_SIZE rows unless `limit` says otherwise) with the
// total its search and filter match, so the page can say "21–25 of 25"; the CSV export keeps every row.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  const admin = await createAdmin(t.database.db);
  adminId = admin.id;
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
type Page = { page: number; limit: number; total: number; hasMore: boolean } & Record<string, unknown>;
const page = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const idsOf = (rows: unknown) => (rows as Array<{ id: string }>).map((r) => r.id);

/** Walks a list to its end and checks each page's boundaries against the total. */
async function walk(base: string, key: string, limit: number) {
  const seen: string[] = [];
  for (let n = 1; ; n++) {
    const body = await page(`${base}&page=${n}&limit=${limit}`);
    const rows = idsOf(body[key]);
    expect(body).toMatchObject({ page: n, limit });
    expect(rows).toHaveLength(Math.min(limit, body.total - (n - 1) * limit));
    expect(body.hasMore).toBe(n * limit < body.total);
    seen.push(...rows);
    if (!body.hasMore) return { ids: seen, total: body.total };
  }
}

describe('admin lists come a page at a time with their total', () => {
  test('users: ADMIN_PAGE_SIZE a page by default, the last page holds the rest, past the end is empty, no row twice', async () => {
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      const displayName = `Pagewalk Pat ${i}`;
      const user =
        i < 10 ? await createCreator(t.database.db, { displayName }) : await createUser(t.database.db, { displayName });
      made.push(user.id);
    }
    const size = ADMIN_PAGE_SIZE;
    const last = Math.ceil(25 / size);
    const first = await page('/api/admin/users?search=pagewalk');
    expect(first).toMatchObject({ page: 1, limit: size, total: 25, hasMore: true });
    expect(first.users).toHaveLength(size);
    const end = await page(`/api/admin/users?search=pagewalk&page=${last}`);
    expect(end).toMatchObject({ page: last, total: 25, hasMore: false });
    expect(end.users).toHaveLength(25 - (last - 1) * size);
    const past = await page(`/api/admin/users?search=pagewalk&page=${last + 1}`);
    expect(past).toMatchObject({ users: [], page: last + 1, total: 25, hasMore: false });

    // The filter and the search together make the total; a smaller limit pages the same rows.
    const creators = await page('/api/admin/users?search=pagewalk&filter=creators');
    expect(creators).toMatchObject({ total: 10, hasMore: false });
    const walked = await walk('/api/admin/users?search=pagewalk', 'users', 7);
    expect(walked.total).toBe(25);
    expect(new Set(walked.ids)).toEqual(new Set(made));
    expect(walked.ids).toHaveLength(25);
    // The stat cards still count everyone, not the page.
    expect((first.stats as { total: number }).total).toBeGreaterThanOrEqual(26);
  });

  test('a limit outside 1–100 or a page below 1 is a 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'page=0']) {
      for (const list of ['users', 'messages', 'transactions', 'moderation', 'support', 'audit']) {
        expect((await get(`/api/admin/${list}?${query}`)).statusCode, `${list}?${query}`).toBe(400);
      }
    }
  });

  test('messages, transactions, moderation and support: 21 matching rows are a page of 20 and a page of 1', async () => {
    const fan = await createUser(t.database.db, { displayName: 'Boundary Fan' });
    const creator = await createCreator(t.database.db, { displayName: 'Boundary Creator' });
    const now = t.clock.now();
    for (let i = 0; i < 21; i++) {
      const at = new Date(now.getTime() - i * 60_000);
      const [message] = await t.database.db
        .insert(messages)
        .values({
          conversationId: crypto.randomUUID(),
          senderId: fan.id,
          recipientId: creator.id,
          content: `Boundary question number ${i}, please answer it`,
          amount: 2500,
          status: 'responded',
          responseContent: 'Here is my answer for you.',
          respondedAt: at,
          paidAt: at,
          createdAt: at,
        })
        .returning({ id: messages.id });
      await t.database.db.insert(payments).values({
        provider: 'local',
        amountTotal: 2500,
        amountCreator: 1875,
        amountPlatformFee: 625,
        commissionPercent: 25,
        status: i < 3 ? 'failed' : 'succeeded',
        senderId: fan.id,
        recipientId: creator.id,
        messageId: message?.id,
        createdAt: at,
      });
      await t.database.db.insert(contentModeration).values({
        contentId: message?.id ?? '',
        reason: `Boundary report ${i}`,
        reportedBy: creator.id,
        createdAt: at,
      });
      await t.database.db.insert(contactMessages).values({
        name: `Boundary Visitor ${i}`,
        email: `boundary.${i}@example.com`,
        subject: `Boundary question ${i}`,
        message: 'Where is my refund?',
        createdAt: at,
      });
    }
    for (const [list, key, filtered] of [
      ['messages', 'messages', 'filter=responded'],
      ['transactions', 'transactions', 'filter=succeeded'],
      ['moderation', 'items', 'filter=pending'],
      ['support', 'items', 'filter=open'],
    ] as const) {
      const base = `/api/admin/${list}?search=boundary&limit=20`;
      const first = await page(base);
      expect(first, list).toMatchObject({ page: 1, limit: 20, total: 21, hasMore: true });
      expect(first[key], list).toHaveLength(20);
      const second = await page(`${base}&page=2`);
      expect(second, list).toMatchObject({ page: 2, total: 21, hasMore: false });
      expect(second[key], list).toHaveLength(1);
      expect(new Set([...idsOf(first[key]), ...idsOf(second[key])]).size, list).toBe(21);
      expect(await page(`${base}&page=3`), list).toMatchObject({ [key]: [], total: 21, hasMore: false });
      expect((await walk(`/api/admin/${list}?search=boundary&${filtered}`, key, 7)).ids.length, list).toBe(
        list === 'transactions' ? 18 : 21,
      );
    }

    // The export is not paged: it holds every row the search and filter match.
    const csv = await get('/api/admin/transactions/export.csv?search=boundary');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1 + 21);
    const succeeded = await get('/api/admin/transactions/export.csv?search=boundary&filter=succeeded&page=2&limit=5');
    expect(succeeded.body.trim().split('\n')).toHaveLength(1 + 18);
  });

  test('the audit log: newest first, the dashboard’s limit=5, and pages that add up to the total', async () => {
    const now = t.clock.now();
    await t.database.db.insert(adminAuditLog).values(
      Array.from({ length: 23 }, (_, i) => ({
        adminId,
        action: `boundary.${i}`,
        targetType: 'user',
        createdAt: new Date(now.getTime() + (23 - i) * 1000),
      })),
    );
    const newest = await page('/api/admin/audit?limit=5');
    expect((newest.entries as Array<{ action: string }>).map((e) => e.action)).toEqual([
      'boundary.0',
      'boundary.1',
      'boundary.2',
      'boundary.3',
      'boundary.4',
    ]);
    expect(newest.total).toBeGreaterThanOrEqual(23);
    const walked = await walk('/api/admin/audit?', 'entries', 20);
    expect(new Set(walked.ids).size).toBe(walked.total);
  });
});
