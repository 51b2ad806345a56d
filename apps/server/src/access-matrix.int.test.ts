// runs-long: 35 s (every role against every route)
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, signIn, TEST_PASSWORD, useTestApp } from './testing';
import { ACCESS_TABLE, type Access, type RouteAccess } from './testing/access-table';
import { buildAccessWorld, forbiddenFor, ROLES, type Role, type World } from './testing/access-world';
import { registeredRoutes } from './testing/route-inventory';

// Every registered route × every role (visitor, fan, other fan, creator, other creator, admin,
// super admin) against the fan's and creator's resources: the status class each role gets, and no
// other party's data in any body. The expectations live in testing/access-table.ts.

const ALLOWED: Record<Access, readonly Role[]> = {
  anyone: ROLES,
  'signed-in': ROLES.filter((r) => r !== 'visitor'),
  participants: ['fan', 'creator', 'admin', 'superAdmin'],
  'owning-fan': ['fan'],
  'owning-creator': ['creator'],
  creators: ['creator', 'otherCreator'],
  admins: ['admin', 'superAdmin'],
  'super-admins': ['superAdmin'],
  'development-only': ROLES,
  signature: [],
};

let w: World;
let routes: string[];

// With METRICS_TOKEN set, /metrics is registered and every role's session is refused there.
const t = useTestApp({
  env: { AUTH_IP_LIMIT: '100000', AUTH_EMAIL_LIMIT: '100000', METRICS_TOKEN: 'access-matrix-metrics-token' },
});
beforeAll(async () => {
  w = await buildAccessWorld(t.app, t.database.db);
  routes = registeredRoutes(t.app);
}, 60_000);

test('every registered route has an entry in the access table', () => {
  const missing = routes.filter((route) => !(route in ACCESS_TABLE));
  expect(
    missing,
    `Routes without an access-matrix entry: ${missing.join(', ')}.\n` +
      'Add each to ACCESS_TABLE in apps/server/src/testing/access-table.ts: who may call it ' +
      "('anyone', 'signed-in', 'participants', 'owning-fan', 'owning-creator', 'admins', 'signature'), " +
      'what "own" means, and params/body when the route takes them.',
  ).toEqual([]);
  const stale = Object.keys(ACCESS_TABLE).filter((route) => !routes.includes(route) && !ACCESS_TABLE[route]?.when);
  expect(stale, `Entries in access-table.ts for routes that no longer exist: ${stale.join(', ')}`).toEqual([]);
});

/** Reads first; then mutations, each one's denied roles before its allowed ones. */
function plan(): Array<{ route: string; entry: RouteAccess; roles: Role[] }> {
  const known = routes.filter((r) => ACCESS_TABLE[r] && r !== 'GET /api/events');
  const reads = known.filter((r) => !ACCESS_TABLE[r]?.mutates);
  // Deleting the review last, after its response routes, keeps the id valid for every cell.
  const writes = known.filter((r) => ACCESS_TABLE[r]?.mutates).sort((a, b) => rank(a) - rank(b) || b.localeCompare(a));
  return [...reads, ...writes].map((route) => {
    const entry = ACCESS_TABLE[route] as RouteAccess;
    const allowed = ALLOWED[entry.who];
    // Denied roles first, then allowed outsiders, then the fan and the creator whose resources these are.
    const order = (r: Role) => (allowed.includes(r) ? 1 : 0) + (r === 'fan' || r === 'creator' ? 1 : 0);
    const roles = entry.mutates ? [...ROLES].sort((a, b) => order(a) - order(b)) : [...ROLES];
    return { route, entry, roles };
  });
}
// Routes with a verify step first (their resource is still untouched), deletions last.
const rank = (route: string) => (ACCESS_TABLE[route]?.verify ? -1 : route.startsWith('DELETE ') ? 1 : 0);

async function call(route: string, entry: RouteAccess, role: Role): Promise<LightMyRequestResponse> {
  const [method, pattern] = route.split(' ') as [string, string];
  const params = entry.params?.(w) ?? {};
  let url = pattern.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  if (url.endsWith('*')) url = url.replace(/\*$/, 'matrix-missing-file.png');
  const query = entry.queryOf?.(w) ?? entry.query;
  if (query) url += `?${query}`;
  let cookie = w.cookies[role];
  // A mutation may end or change the session (sign-out); it gets a session of its own.
  if (entry.mutates && cookie && role !== 'visitor') cookie = await signIn(t.app, w.emails[role], TEST_PASSWORD);
  const body = entry.body ? await entry.body(w, role) : undefined;
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(method !== 'GET' ? { origin: 'http://localhost:3000' } : {}),
    },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

describe('access matrix', () => {
  test('each role gets what the table says, and no foreign data', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const { route, entry, roles } of plan()) {
      const allowed = ALLOWED[entry.who];
      for (const role of roles) {
        cells++;
        const response = await call(route, entry, role);
        const status = response.statusCode;
        const where = `${route} as ${role} → ${status}`;
        if (status >= 500) failures.push(`${where}: server error ${response.body.slice(0, 200)}`);
        else if (allowed.includes(role)) {
          const ok = entry.allowed === 'guard-passed' ? status !== 401 && status !== 403 : status < 300;
          if (!ok) failures.push(`${where}: expected ${entry.allowed ?? 'success'} — ${response.body.slice(0, 200)}`);
        } else if (role === 'visitor' || entry.who === 'signature') {
          const ok = entry.who === 'signature' ? status === 400 || status === 401 : status === 401;
          if (!ok) failures.push(`${where}: expected to be refused (401) — ${response.body.slice(0, 200)}`);
        } else if (status !== 403 && status !== 404) {
          failures.push(`${where}: expected 403 or 404 — ${response.body.slice(0, 200)}`);
        }
        const problem = await entry.verify?.(w, role, t.app);
        if (problem) failures.push(`${where}: ${problem}`);
        // The development outbox shows every mail by design; production does not register it (below).
        if (entry.who === 'development-only') continue;
        for (const [label, value] of forbiddenFor(w, role)) {
          if (value && response.body.includes(value)) failures.push(`${where}: body contains ${label}`);
        }
        if (/\$argon2|password_hash|passwordHash/.test(response.body))
          failures.push(`${where}: body contains a password hash`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(cells).toBeGreaterThan(ROLES.length * 60);
  });

  test('development-only routes are not registered in production', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' },
      database: t.database,
    });
    try {
      const present = registeredRoutes(production.app).filter((r) => ACCESS_TABLE[r]?.who === 'development-only');
      expect(present).toEqual([]);
    } finally {
      await production.app.close();
    }
  });

  test('the live stream admits signed-in callers only', async () => {
    const visitor = await t.app.inject({ url: '/api/events' });
    expect(visitor.statusCode).toBe(401);
  });
});
