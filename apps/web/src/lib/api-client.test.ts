import { afterEach, describe, expect, test } from 'vitest';
import { ApiError, api, setApiTransport } from './api-client';

/** Decision 0044: money writes carry an Idempotency-Key and are tried again, with the same key, when the answer was lost. */
describe('api() for an idempotent write', () => {
  const calls: Array<{ url: string; key: string | undefined }> = [];
  const answer = (status: number, body: unknown = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  afterEach(() => {
    calls.length = 0;
    setApiTransport((url, init) => fetch(url, init));
  });

  const recording = (answers: Array<Response | Error>) =>
    setApiTransport(async (url, init) => {
      calls.push({ url, key: (init.headers as Record<string, string>)['idempotency-key'] });
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next ?? answer(500);
    });

  test('a network failure and a 502 are tried again with the same key, until an answer', async () => {
    recording([new TypeError('fetch failed'), answer(502), answer(200, { redirectUrl: '/done' })]);
    const result = await api<{ redirectUrl: string }>('/checkout/local/p1/pay', {
      method: 'POST',
      body: { cardNumber: '4242' },
      idempotent: true,
    });
    expect(result).toEqual({ redirectUrl: '/done' });
    expect(calls).toHaveLength(3);
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(calls.map((call) => call.key)).size).toBe(1);
  }, 10_000);

  test('a 4xx is not tried again, and a write that is not idempotent carries no key and is sent once', async () => {
    recording([answer(409, { error: { code: 'CONFLICT', message: 'No longer open.' } })]);
    await expect(api('/checkout', { method: 'POST', body: {}, idempotent: true })).rejects.toMatchObject({
      status: 409,
    });
    expect(calls).toHaveLength(1);

    calls.length = 0;
    recording([answer(502)]);
    await expect(api('/profile/me', { method: 'PATCH', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual([{ url: '/api/profile/me', key: undefined }]);
  });
});
