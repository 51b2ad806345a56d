import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchPicture, PictureFetchError, pictureForLog } from './fetch-picture';

// Decision 0048: the fetch behind copying a provider's picture as the avatar.
let base = '';
const server = http.createServer((req, res) => {
  const path = req.url ?? '/';
  if (path.startsWith('/ok')) return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(100, 1));
  if (path.startsWith('/big')) return res.writeHead(200).end(Buffer.alloc(2_000, 1));
  if (path.startsWith('/hop')) return res.writeHead(302, { location: '/ok' }).end();
  if (path.startsWith('/loop')) return res.writeHead(302, { location: '/loop' }).end();
  if (path.startsWith('/slow')) return; // never answers
  const status = Number(path.slice(1, 4));
  res.writeHead(status).end('no');
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(url: string, opts: Partial<Parameters<typeof fetchPicture>[1]> = {}) {
  const error = await fetchPicture(url, { allowHttp: true, ...opts }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PictureFetchError);
  return error as PictureFetchError;
}

describe('fetchPicture', () => {
  test('reads the bytes, following a redirect', async () => {
    expect((await fetchPicture(`${base}/ok`, { allowHttp: true })).length).toBe(100);
    expect((await fetchPicture(`${base}/hop`, { allowHttp: true })).length).toBe(100);
  });

  test('plain http only when allowed (a stand-in); other schemes never', async () => {
    expect((await failure(`${base}/ok?oh=secret`, { allowHttp: false })).permanent).toBe(true);
    expect((await failure('file:///etc/passwd')).permanent).toBe(true);
    expect((await failure('not a url')).permanent).toBe(true);
  });

  test('a 4xx is final, a 5xx, 429 or timeout is worth another try', async () => {
    expect((await failure(`${base}/403`)).permanent).toBe(true);
    expect((await failure(`${base}/404`)).permanent).toBe(true);
    expect((await failure(`${base}/429`)).permanent).toBe(false);
    expect((await failure(`${base}/503`)).permanent).toBe(false);
    const slow = await failure(`${base}/slow`, { timeoutMs: 200 });
    expect([slow.permanent, slow.message]).toEqual([false, 'the picture could not be fetched (timed out)']);
    expect((await failure(`${base}/loop`)).permanent).toBe(true);
  });

  test('more bytes than the cap are refused for good', async () => {
    expect((await failure(`${base}/big`, { maxBytes: 1_000 })).permanent).toBe(true);
  });

  test('what is logged of a URL has no query string (a CDN signature) and no credentials', async () => {
    expect(pictureForLog('https://user:pw@cdn.example/v/t51/p.jpg?oh=abc&oe=123')).toBe(
      'https://cdn.example/v/t51/p.jpg',
    );
    expect((await failure(`${base}/403?oh=signature`)).message).not.toContain('signature');
  });
});
