import { expect, test } from 'vitest';
import { createUser, signIn, useTestApp } from '../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

// Security review L7: what the API says to a signed-in user is theirs; no cache may keep it.
test('signed-in API answers are not stored by any cache; public reads keep their headers', async () => {
  const user = await createUser(t.database.db);
  const cookie = await signIn(t.app, user.email ?? '');
  for (const url of ['/api/profile/me', '/api/conversations', '/api/notifications', '/api/auth/session']) {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['cache-control'], url).toBe('no-store');
  }
  // A route with its own public header keeps it.
  const categories = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { cookie } });
  expect(categories.headers['cache-control']).toBe('public, max-age=300');
  // A guest's browse is public and unchanged.
  const browse = await t.app.inject({ method: 'GET', url: '/api/creators' });
  expect(browse.statusCode).toBe(200);
  expect(browse.headers['cache-control']).toBeUndefined();
});
