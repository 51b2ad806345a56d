import { describe, expect, test } from 'vitest';
import { createCreator, createUser, signIn, TEST_PASSWORD, useTestApp } from '../testing';
import { registeredRoutes } from '../testing/route-inventory';

const t = useTestApp();

// Issue 25 §4: every creator-only endpoint (all of /api/creator/*: stats, at-risk, metrics, earnings,
// payouts, price bounds, capacity, blocks) refuses a fan with 403 instead of answering zeros, and a
// visitor with 401. The list is read from the router, so a route added later is held to the same rule.
describe('creator-only endpoints', () => {
  test('every /api/creator/* route answers 401 to a visitor and 403 to a fan; a creator gets through', async () => {
    const fan = await createUser(t.database.db);
    const creator = await createCreator(t.database.db);
    const fanCookie = await signIn(t.app, fan.email ?? '', TEST_PASSWORD);
    const creatorCookie = await signIn(t.app, creator.email ?? '', TEST_PASSWORD);
    const routes = registeredRoutes(t.app).filter((r) => r.split(' ')[1]?.startsWith('/api/creator/'));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/creator/stats',
        'GET /api/creator/metrics',
        'GET /api/creator/earnings',
        'GET /api/creator/earnings/export.csv',
        'GET /api/creator/payouts',
        'POST /api/creator/payouts',
        'GET /api/creator/price-bounds',
      ]),
    );
    // Bodies valid for the routes that validate one, so the guard is what answers.
    const bodies: Record<string, unknown> = {
      'PUT /api/creator/capacity': { maxOpenMessages: null, dailyMessageCap: null, vacationUntil: null },
    };
    const call = (route: string, cookie?: string) => {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(':fanId', fan.id).replace(':id', '00000000-0000-4000-8000-000000000000');
      const body = bodies[route];
      return t.app.inject({
        method: method as 'GET',
        url,
        headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
    };
    const seen: string[] = [];
    for (const route of routes) {
      const visitor = await call(route);
      const asFan = await call(route, fanCookie);
      seen.push(`${route} visitor=${visitor.statusCode} fan=${asFan.statusCode}`);
    }
    expect(seen).toEqual(routes.map((route) => `${route} visitor=401 fan=403`));
    // The fan's refusal says so, rather than showing a fan an empty creator inbox.
    const stats = await call('GET /api/creator/stats', fanCookie);
    expect(stats.json()).toMatchObject({ error: { message: 'Only creators have an inbox.' } });
    // …and a creator is not refused by the same guard.
    for (const route of ['GET /api/creator/stats', 'GET /api/creator/payouts', 'GET /api/creator/price-bounds']) {
      expect((await call(route, creatorCookie)).statusCode, route).toBe(200);
    }
  });
});
