import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { profiles } from '../../db/schema';
import {
  createCreator,
  isTransactionControl,
  recordStatements,
  signIn,
  TEST_PASSWORD,
  useTestApp,
} from '../../testing';

// A long reuse window, so only what empties the cache can make a change show (decision 0017).
const t = useTestApp({ env: { BROWSE_CACHE_MS: '10000' } });

const browse = async (username: string) => {
  const response = await t.app.inject({ url: `/api/creators?search=${username}` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return (response.json() as { creators: Array<{ id: string; messagePrice: number }> }).creators;
};

describe('browse answers reused for a moment (issue 14)', () => {
  test('a repeated browse is answered without the database, the same bytes', async () => {
    const creator = await createCreator(t.database.db);
    const url = `/api/creators?search=${creator.username}&sort=price_asc`;
    const first = await t.app.inject({ url });
    const recorder = recordStatements(t.database);
    recorder.start();
    const again = await t.app.inject({ url });
    expect(recorder.stop().filter((s) => !isTransactionControl(s.text))).toEqual([]);
    expect(again.body).toBe(first.body);
    expect(again.json().creators).toHaveLength(1);
  });

  test("a creator's own edit shows on the very next browse", async () => {
    const creator = await createCreator(t.database.db, { messagePrice: 2500 });
    const cookie = await signIn(t.app, creator.email ?? '', TEST_PASSWORD);
    expect((await browse(creator.username ?? ''))[0]?.messagePrice).toBe(2500);
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/me',
      headers: { cookie },
      payload: { messagePrice: 3500 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await browse(creator.username ?? ''))[0]?.messagePrice).toBe(3500);
  });

  test('an announced change empties it; an unannounced one, or an event about something else, waits', async () => {
    const creator = await createCreator(t.database.db, { messagePrice: 2500 });
    expect((await browse(creator.username ?? ''))[0]?.messagePrice).toBe(2500);
    // Another instance's write: this process did not answer it, so the old answer is still served…
    await t.database.db.update(profiles).set({ messagePrice: 4000 }).where(eq(profiles.id, creator.id));
    expect((await browse(creator.username ?? ''))[0]?.messagePrice).toBe(2500);
    // …a live event that is not about cards does not empty it (issue 39)…
    await t.app.events.publish([creator.id], { type: 'notification', notificationId: creator.id });
    expect((await browse(creator.username ?? ''))[0]?.messagePrice).toBe(2500);
    // …the announcement the writing use case makes does.
    await t.app.events.cardsChanged();
    expect((await browse(creator.username ?? ''))[0]?.messagePrice).toBe(4000);
  });
});
