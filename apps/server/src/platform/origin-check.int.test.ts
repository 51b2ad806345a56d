import { describe, expect, test } from 'vitest';
import { signUnsubscribeToken } from '../modules/notifications/unsubscribe-token';
import { createUser, signIn, useTestApp } from '../testing';
import { resolveAppSecret } from './secrets';

// Security review N7: a state-changing request with no Origin passed the Origin check, even one
// saying `Sec-Fetch-Site: cross-site`. Browsers send Origin on every POST/PUT/PATCH/DELETE, so one
// without it must at least say it is same-origin; routes called server to server are exempt.
const t = useTestApp();

describe('state-changing requests without Origin', () => {
  test('are refused (403) unless Sec-Fetch-Site says same-origin', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    const patch = (headers: Record<string, string | undefined>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/profile/me',
        headers: { cookie, ...headers },
        payload: { bio: 'csrf' },
      });

    const none = await patch({ origin: undefined });
    expect(none.statusCode).toBe(403);
    expect(none.json().error.code).toBe('FORBIDDEN');
    expect((await patch({ origin: undefined, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await patch({ origin: undefined, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    const readAll = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie, origin: undefined },
    });
    expect(readAll.statusCode).toBe(403);

    // What browsers send on the app's own pages passes.
    expect((await patch({ origin: undefined, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await patch({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
    // A foreign Origin is still refused, whatever Sec-Fetch-Site claims.
    expect((await patch({ origin: 'http://evil.test', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(403);
  });

  test('a server-to-server route (RFC 8058 one-click unsubscribe, authenticated by its token) needs no Origin', async () => {
    const fan = await createUser(t.database.db);
    const token = signUnsubscribeToken(resolveAppSecret(t.config), fan.id, 'new-message');
    const response = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { origin: undefined, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
  });
});
