import { ERROR_CODES } from '@fanline/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, createCreator, createUser, signIn, useTestApp } from './testing';
import {
  type DocumentedRoute,
  documentedRoutes,
  encodeLoosely,
  fieldValue,
  type KnownValues,
  rawBody,
  urlValue,
} from './testing/route-fuzz';

// Every route in the OpenAPI document (so a new route is fuzzed without touching this file), as a
// visitor, a fan and a creator: NUL, lone surrogates, huge strings, wrong types, odd cursors,
// broken bodies and malformed multipart. No answer may be a 5xx, and every error has the error
// handler's shape. FUZZ_RUNS raises the runs per route and role for a longer hunt.
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
// Valid in every path parameter, so the body is validated too (a bad path stops validation first).
const SOME_UUID = '00000000-0000-4000-8000-000000000000';

let routes: DocumentedRoute[];
let known: KnownValues;
const cookies: Record<'visitor' | 'fan' | 'creator' | 'admin', string | undefined> = {
  visitor: undefined,
  fan: undefined,
  creator: undefined,
  admin: undefined,
};
/** Admin routes refuse everyone else before reading input, so their input is checked as an admin. */
const isAdminRoute = (route: DocumentedRoute) => route.path.startsWith('/api/admin');
const cookieFor = (route: DocumentedRoute) => (isAdminRoute(route) ? cookies.admin : cookies.fan) ?? '';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '100000', AUTH_EMAIL_LIMIT: '100000' } });
beforeAll(async () => {
  const db = t.database.db;
  const fan = await createUser(db);
  const creator = await createCreator(db);
  cookies.fan = await signIn(t.app, fan.email ?? '');
  cookies.creator = await signIn(t.app, creator.email ?? '');
  cookies.admin = await signIn(t.app, (await createAdmin(db)).email ?? '');
  // A paid message and a pending checkout, through the API, so ids in the pools lead somewhere.
  const payload = { recipientId: creator.id, messageContent: 'Hello! A message long enough for every rule.' };
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/messages/test-send',
    headers: { cookie: cookies.fan },
    payload,
  });
  const pending = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie: cookies.fan },
    payload,
  });
  expect(sent.statusCode).toBe(200);
  expect(pending.statusCode).toBe(200);
  const conversations = await t.app.inject({
    method: 'GET',
    url: '/api/conversations',
    headers: { cookie: cookies.fan },
  });
  const notifications = await t.app.inject({
    method: 'GET',
    url: '/api/notifications',
    headers: { cookie: cookies.creator },
  });
  known = {
    ids: [
      fan.id,
      creator.id,
      ...conversations.json().conversations.map((c: { lastMessageId: string }) => c.lastMessageId),
      ...notifications.json().notifications.map((n: { id: string }) => n.id),
      String(pending.json().url).split('/').pop() ?? '',
    ],
    usernames: [creator.username, fan.username],
  };
  const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  routes = documentedRoutes(doc.json());
});

function expectHandled(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, what).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = response.json();
  expect(ERROR_CODES, what).toContain(body.error?.code);
  expect(typeof body.error.message, what).toBe('string');
  expect(body.error.requestId, what).toBe(response.headers['x-request-id']);
}

// Signed-in sign-out would end the session the other runs use; visitors cover it.
const rolesFor = (route: DocumentedRoute) =>
  route.path === '/api/auth/sign-out'
    ? (['visitor'] as const)
    : isAdminRoute(route)
      ? (['visitor', 'fan', 'admin'] as const)
      : (['visitor', 'fan', 'creator'] as const);

function requestFor(route: DocumentedRoute) {
  const path = fc.tuple(...route.pathParams.map((name) => urlValue(name, { type: 'string' }, known)));
  const query = fc.record(
    Object.fromEntries(Object.entries(route.query).map(([name, schema]) => [name, urlValue(name, schema, known)])),
    { requiredKeys: [] },
  );
  const fields = route.body ?? {};
  const body = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record(Object.fromEntries(Object.entries(fields).map(([n, s]) => [n, fieldValue(n, s, known)])), {
          requiredKeys: [],
        })
        .map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
    },
    { weight: 1, arbitrary: rawBody },
  );
  return fc
    .record({ path, query, body, remote: fc.integer({ min: 1, max: 250 }) })
    .map(({ path: values, query: q, body: b, remote }) => {
      let url = route.path;
      route.pathParams.forEach((name, i) => {
        url = url.replace(`{${name}}`, values[i] ?? '');
      });
      const search = Object.entries(q)
        .map(([name, value]) => `${name}=${value}`)
        .join('&');
      return { url: search ? `${url}?${search}` : url, body: b, remote: `10.77.0.${remote}` };
    });
}

describe('every documented route survives fuzzed input', () => {
  test('the document lists the routes the review found, so none escapes the fuzzing', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/profile/me/avatar', 'GET /api/creators', 'POST /api/checkout']),
    );
  });

  test('every text field in a body, a query or a path refuses NUL and lone surrogates with a 400 naming it', async () => {
    let checked = 0;
    for (const route of routes) {
      const textFields = (schemas: Record<string, { type?: unknown; enum?: unknown }>) =>
        Object.entries(schemas)
          .filter(([, s]) => s.type === 'string' && !s.enum)
          .map(([n]) => n);
      for (const bad of ['a\u0000b', 'a\ud800b']) {
        for (const name of textFields(route.body ?? {})) {
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: fill(route, SOME_UUID),
            headers: { cookie: cookieFor(route), 'content-type': 'application/json' },
            payload: JSON.stringify({ [name]: bad }),
          });
          expectHandled(response, `${route.method} ${route.path} body ${name}`);
          expect(
            response.json().error?.fields?.[name],
            `${route.method} ${route.path} body ${name}: ${response.body}`,
          ).toBeDefined();
          checked++;
        }
        // A URL carries UTF-8, which has no lone surrogates (the parser decodes them to U+FFFD): NUL only.
        if (bad !== 'a\u0000b') continue;
        for (const name of [...textFields(route.query), ...route.pathParams]) {
          const value = encodeLoosely(bad);
          const inPath = route.pathParams.includes(name);
          const url = inPath ? fill(route, SOME_UUID, { [name]: value }) : `${fill(route, SOME_UUID)}?${name}=${value}`;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { cookie: cookieFor(route) },
          });
          expectHandled(response, `${route.method} ${url}`);
          expect(response.statusCode, `${route.method} ${url}`).toBe(400);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  test('random requests, as a visitor, a fan and a creator: never a 5xx, always the error shape', async () => {
    for (const route of routes) {
      for (const role of rolesFor(route)) {
        await fc.assert(
          fc.asyncProperty(requestFor(route), async ({ url, body, remote }) => {
            const hasBody = !['GET', 'HEAD'].includes(route.method);
            const response = await t.app.inject({
              method: route.method as 'POST',
              url,
              remoteAddress: remote,
              headers: {
                ...(cookies[role] ? { cookie: cookies[role] } : {}),
                ...(hasBody ? { 'content-type': body.type } : {}),
              },
              ...(hasBody ? { payload: body.payload } : {}),
            });
            expectHandled(response, `${role} ${route.method} ${url} ${hasBody ? body.payload.slice(0, 200) : ''}`);
          }),
          { numRuns: RUNS },
        );
      }
    }
  }, 120_000);
});

/** The route's path with every parameter set: `fallback`, or the given (already encoded) value. */
function fill(route: DocumentedRoute, fallback: string, values: Record<string, string> = {}): string {
  return route.pathParams.reduce((url, name) => url.replace(`{${name}}`, values[name] ?? fallback), route.path);
}
