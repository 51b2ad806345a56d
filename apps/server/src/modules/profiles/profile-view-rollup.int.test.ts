import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { profileViewMonths, profileViewRollup, profileViews } from '../../db/schema';
import { createCreator, createUser, signIn, useTestApp } from '../../testing';
import { runJobsOnce } from '../../testing/jobs';
import { maintainProfileViews } from './maintain-profile-views';
import { listViewPartitions } from './profile-view-partitions';

// driver-sensitive: partitions (DDL from the jobs) and two instances' passes at once (PostgreSQL's pool).
// Issue 40 point 4, decision 0063, through HTTP on both databases: the creator's view figures stay the
// same while finished days are rolled up into monthly counts and old months of raw rows are dropped;
// a view with no partition for its month lands in the default one and moves when the jobs create it.

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000', PROFILE_VIEWS_RAW_MONTHS: '1' } });

const at = (iso: string) => t.clock.set(new Date(iso));

async function creatorWithFigures() {
  const creator = await createCreator(t.database.db);
  const fan = await createUser(t.database.db);
  const view = async (from: { cookie?: string; address?: string }) => {
    const res = await t.app.inject({
      url: `/api/profiles/${creator.username}`,
      headers: from.cookie ? { cookie: from.cookie } : {},
      remoteAddress: from.address ?? '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
  };
  // Signed in afresh each time: months pass between the reads.
  const figures = async () => {
    const cookie = await signIn(t.app, creator.email ?? '');
    const res = await t.app.inject({ url: '/api/creator/metrics', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { profileViewsToday, profileViewsTotal } = res.json();
    return { today: profileViewsToday as number, total: profileViewsTotal as number };
  };
  return { creator, fan, view, figures };
}

/** Each of the creator's raw views with the partition that holds it. */
async function whereViewsAre(creatorId: string) {
  const rows = await t.database.db
    .select({ part: sql<string>`${profileViews}.tableoid::regclass::text` })
    .from(profileViews)
    .where(eq(profileViews.profileId, creatorId));
  return rows.map((r) => r.part).sort();
}

/** Runs the jobs pass (`passes` times) and checks after each that the dashboard's figures did not move. */
async function jobsKeep(figures: () => Promise<{ today: number; total: number }>, passes = 1) {
  const before = await figures();
  for (let pass = 0; pass < passes; pass += 1) {
    await runJobsOnce(t.app);
    expect(await figures()).toEqual(before);
  }
  return before;
}

describe('profile views rolled up and dropped by month', () => {
  test("the creator's figures are the same before and after the roll-up and after old months go", async () => {
    // A month no partition exists for yet: the views land in the default partition.
    at('2040-01-10T12:00:00Z');
    const { creator, fan, view, figures } = await creatorWithFigures();
    const fanCookie = await signIn(t.app, fan.email ?? '');
    await view({ cookie: fanCookie });
    await view({ address: '10.9.0.1' });
    await view({ address: '10.9.0.1' }); // the same address within 5 minutes: one view (spec §3)
    expect(await whereViewsAre(creator.id)).toEqual(['profile_views_default', 'profile_views_default']);
    expect(await figures()).toEqual({ today: 2, total: 2 });

    // The jobs create this month's and the next two months' partitions and move the rows in.
    expect(await jobsKeep(figures)).toEqual({ today: 2, total: 2 });
    expect(await whereViewsAre(creator.id)).toEqual(['profile_views_m2040_01', 'profile_views_m2040_01']);
    const names = (await listViewPartitions(t.database.db)).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['profile_views_m2040_01', 'profile_views_m2040_02', 'profile_views_m2040_03']),
    );

    // Ten days on: the 10th is rolled up into January's count; the figures stay.
    at('2040-01-20T09:00:00Z');
    await view({ address: '10.9.0.2' });
    expect(await jobsKeep(figures)).toEqual({ today: 1, total: 3 });
    const [state] = await t.database.db.select().from(profileViewRollup);
    expect(state?.rolledUntil).toBe('2040-01-20');
    const months = () =>
      t.database.db
        .select({ month: profileViewMonths.month, views: profileViewMonths.views })
        .from(profileViewMonths)
        .where(eq(profileViewMonths.profileId, creator.id))
        .orderBy(profileViewMonths.month);
    expect(await months()).toEqual([{ month: '2040-01-01', views: 2 }]);

    // Early February: the rest of January is rolled up a day at a time, 12 days a pass.
    at('2040-02-05T08:00:00Z');
    await view({ address: '10.9.0.3' });
    expect(await jobsKeep(figures)).toEqual({ today: 1, total: 4 });
    expect((await t.database.db.select().from(profileViewRollup))[0]?.rolledUntil).toBe('2040-02-01');
    expect(await months()).toEqual([{ month: '2040-01-01', views: 3 }]);

    // April: January and February are older than the month kept before this one; once rolled up (the
    // two months' backlog takes five passes, the figures the same after each) their partitions go.
    at('2040-04-02T10:00:00Z');
    await view({ address: '10.9.0.4' });
    expect(await jobsKeep(figures, 5)).toEqual({ today: 1, total: 5 });
    const left = (await listViewPartitions(t.database.db)).map((p) => p.name);
    expect(left).not.toContain('profile_views_m2040_01');
    expect(left).not.toContain('profile_views_m2040_02');
    expect(left).toEqual(expect.arrayContaining(['profile_views_m2040_03', 'profile_views_m2040_04']));
    expect(await whereViewsAre(creator.id)).toEqual(['profile_views_m2040_04']);
    expect(await months()).toEqual([
      { month: '2040-01-01', views: 3 },
      { month: '2040-02-01', views: 1 },
    ]);

    // The next day, yesterday's view is counted from the roll-up: today 0, total unchanged.
    at('2040-04-03T10:00:00Z');
    expect(await jobsKeep(figures)).toEqual({ today: 0, total: 5 });
    expect(await months()).toEqual([
      { month: '2040-01-01', views: 3 },
      { month: '2040-02-01', views: 1 },
      { month: '2040-04-01', views: 1 },
    ]);
  });

  test('two instances at once, and passes again, count each view once', async () => {
    at('2040-05-06T12:00:00Z');
    const { creator, view, figures } = await creatorWithFigures();
    for (const address of ['10.8.0.1', '10.8.0.2', '10.8.0.3']) await view({ address });
    at('2040-05-09T12:00:00Z');
    await view({ address: '10.8.0.4' });
    expect(await figures()).toEqual({ today: 1, total: 4 });

    // Two instances' passes at the same moment (on PostgreSQL, two connections): one takes the lock.
    // Each pass rolls up to 12 days, one lock per day, and stops at the first lock it finds taken; so
    // when the two interleave, a pair may roll only a day or two (on a loaded machine, 10 pairs once
    // got 5 weeks back to 2040-05-05). What must hold after every pair is that each view is counted
    // once and the watermark only moves on.
    const watermark = async () => (await t.database.db.select().from(profileViewRollup))[0]?.rolledUntil ?? null;
    let until: string | null = null;
    for (let pair = 0; pair < 5 && until !== '2040-05-09'; pair += 1) {
      const both = await Promise.all([
        maintainProfileViews(t.app, { rawMonths: 1 }),
        maintainProfileViews(t.app, { rawMonths: 1 }),
      ]);
      expect(await figures()).toEqual({ today: 1, total: 4 });
      const before = until;
      until = await watermark();
      if (before !== null) expect(until !== null && until >= before).toBe(true);
      for (const pass of both) if (pass.rolledUntil !== null) expect(pass.rolledUntil <= (until ?? '')).toBe(true);
    }
    // Alone, a pass rolls its 12 days: what the pairs left is through in at most four more (a month
    // and a week at most).
    for (let pass = 0; pass < 4 && until !== '2040-05-09'; pass += 1) {
      const before = until;
      const { rolledUntil } = await maintainProfileViews(t.app, { rawMonths: 1 });
      until = await watermark();
      expect(rolledUntil).toBe(until);
      if (before !== null) expect(until !== null && until > before).toBe(true);
      expect(await figures()).toEqual({ today: 1, total: 4 });
    }
    expect(until).toBe('2040-05-09');
    // And passes again: nothing more is added.
    await maintainProfileViews(t.app, { rawMonths: 1 });
    await maintainProfileViews(t.app, { rawMonths: 1 });
    expect(await figures()).toEqual({ today: 1, total: 4 });
    const [may] = await t.database.db
      .select({ views: profileViewMonths.views })
      .from(profileViewMonths)
      .where(eq(profileViewMonths.profileId, creator.id));
    expect(may?.views).toBe(3);
  });
});
