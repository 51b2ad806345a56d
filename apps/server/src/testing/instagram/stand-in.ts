import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface InstagramStandIn {
  url: string;
  key: string;
  /** Every lookup received: the requested username and the auth headers. */
  requests: Array<{ username: string; key: string | undefined; host: string | undefined }>;
  /** While true every lookup gets the 429 of a spent quota (also switchable over HTTP, see below). */
  setQuotaExceeded(exceeded: boolean): void;
  close(): Promise<void>;
}

// Accounts the stand-in knows, each answered in a different field variant of spec §7, so the
// normalizer is exercised on all of them.
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  outside_star: {
    pk: '9001',
    username: 'outside_star',
    full_name: 'Outside Star',
    biography: 'Not on Fanline yet',
    is_verified: true,
    edge_followed_by: { count: 1_250_000 },
    hd_profile_pic_url_info: { url: 'https://images.example.test/outside_star_hd.jpg' },
    is_private: false,
  },
  quiet_painter: {
    pk_id: '9002',
    username: 'quiet_painter',
    full_name: 'Quiet Painter',
    follower_count: 4200,
    hd_profile_pic_versions: [{ url: 'https://images.example.test/quiet_v0.jpg' }],
    profile_pic_url: 'https://images.example.test/quiet.jpg',
    is_private: true,
  },
  // Another name for an account that is on the platform: the lookup finds it, the merge drops it.
  the_real_maya: { id: '9003', username: 'mayastyle', full_name: 'Maya Chen', follower_count: 245000 },
};

/**
 * A local stand-in for the Instagram-style data service: POST /api/instagram/profile {username} with
 * the key and host headers. Usernames containing 'quota' get a 429, containing 'outage' a 503, and
 * unknown ones an empty result.
 */
export async function startInstagramStandIn(key = 'stand-in-key'): Promise<InstagramStandIn> {
  const requests: InstagramStandIn['requests'] = [];
  let quotaExceeded = false;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      // A control for browser journeys, whose test code runs outside the process holding the stand-in.
      if (req.method === 'POST' && req.url === '/__test/quota') {
        quotaExceeded = (JSON.parse(body || '{}') as { exceeded?: boolean }).exceeded === true;
        return json(200, { quotaExceeded });
      }
      if (req.method !== 'POST' || req.url !== '/api/instagram/profile') return json(404, { message: 'Not found' });
      const username = String((JSON.parse(body || '{}') as { username?: unknown }).username ?? '');
      const given = req.headers['x-rapidapi-key'];
      requests.push({
        username,
        key: given as string | undefined,
        host: req.headers['x-rapidapi-host'] as string | undefined,
      });
      if (given !== key) return json(403, { message: 'You are not subscribed to this API.' });
      if (quotaExceeded || username.includes('quota'))
        return json(429, { message: 'You have exceeded the MONTHLY quota for Requests' });
      if (username.includes('outage')) return json(503, { message: 'Service unavailable' });
      const account = ACCOUNTS[username.toLowerCase()];
      return json(200, { result: account ?? null });
    });
  });
  // Node closes an idle kept-alive connection after 5 s, which can race the app's next request on it
  // (ECONNRESET, answered 'unavailable'); a test that pauses upstream calls longer than that saw it.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    setQuotaExceeded: (exceeded) => {
      quotaExceeded = exceeded;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
