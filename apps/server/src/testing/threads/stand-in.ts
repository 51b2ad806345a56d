import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A Threads profile as GET /v1.0/me returns it (spec §3 Threads profile). */
export interface StandInUser {
  id: string;
  username: string;
  name: string | null;
  threads_profile_picture_url: string | null;
  threads_biography: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** Parsed form fields of a POST body. */
  form: Record<string, string>;
}

export interface ThreadsStandInOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /**
   * Show a consent page where the person types their Threads handle and approves or cancels, as on
   * the real provider, instead of redirecting at once as the current user. For browser journeys,
   * whose test code runs in another process than the stand-in.
   */
  interactive?: boolean;
}

export interface ThreadsStandIn {
  /** Base URL: use it as THREADS_API_URL, and `${url}/oauth/authorize` as THREADS_AUTH_URL. */
  url: string;
  requests: RecordedRequest[];
  /** The Threads account the next authorization signs in as. */
  setUser(username: string, extra?: Partial<Omit<StandInUser, 'username'>>): StandInUser;
  /** An authorization code for the current user, as if the user had approved (tests without a browser). */
  issueCode(): string;
  /** When true, /oauth/authorize redirects back with error=access_denied, as when the user cancels. */
  setDeny(deny: boolean): void;
  /** Makes an endpoint answer with this status and body until cleared with null ('picture': every picture). */
  setFailure(endpoint: Endpoint, failure: { status: number; body: string } | null): void;
  close(): Promise<void>;
}

type Endpoint = 'token' | 'me' | 'picture';

// The shape of Meta's Graph API errors, so messages built from them read like the real ones.
const graphError = (message: string, code = 100) =>
  JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('hex') } });

const ME_FIELDS = ['id', 'username', 'name', 'threads_profile_picture_url', 'threads_biography'];

/**
 * A local stand-in for the Threads provider (spec §7): the authorization redirect, the code
 * exchange and the profile read, checking every parameter as strictly as the real one does, and the
 * profile pictures on its own origin (a real JPEG behind a signed-looking URL, as Meta's CDN serves
 * them), so copying the picture as the avatar (decision 0048) runs for real.
 */
export async function startThreadsStandIn(options: ThreadsStandInOptions): Promise<ThreadsStandIn> {
  const requests: RecordedRequest[] = [];
  const codes = new Map<string, StandInUser>();
  const tokens = new Map<string, StandInUser>();
  const failures: Partial<Record<Endpoint, { status: number; body: string }>> = {};
  const picture = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 124, g: 58, b: 237 } },
  })
    .jpeg()
    .toBuffer();
  let base = '';
  const makeUser = (username: string): StandInUser => ({
    id: String(BigInt(`0x${randomBytes(7).toString('hex')}`)),
    username,
    name: `Name of ${username}`,
    threads_profile_picture_url: `${base}/pictures/${encodeURIComponent(username)}.jpg?oh=${randomBytes(16).toString('hex')}&oe=${Math.floor(Date.now() / 1000) + 3 * 86_400}`,
    threads_biography: `Bio of ${username}`,
  });
  let user: StandInUser;
  let deny = false;

  const issueCode = () => {
    const code = `code_${randomBytes(16).toString('hex')}`;
    codes.set(code, user);
    return code;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(body));
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, form });
    const json = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    };

    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      if (query.client_id !== options.clientId) return json(400, graphError('Invalid platform app'));
      if (query.redirect_uri !== options.redirectUri) return json(400, graphError('Invalid redirect_uri'));
      if (query.response_type !== 'code' || !query.scope?.split(',').includes('threads_basic')) {
        return json(400, graphError('Invalid scope or response_type'));
      }
      if (options.interactive) return consentPage(res, url.search);
      const back = new URL(options.redirectUri);
      if (deny) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_reason', 'user_denied');
        back.searchParams.set('error_description', 'Permissions error');
      } else {
        back.searchParams.set('code', issueCode());
      }
      if (query.state !== undefined) back.searchParams.set('state', query.state);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }

    if (req.method === 'POST' && url.pathname === '/oauth/consent') {
      const back = new URL(options.redirectUri);
      if (form.decision === 'allow' && form.username) {
        user = makeUser(form.username);
        back.searchParams.set('code', issueCode());
      } else {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'Permissions error');
      }
      if (form.state) back.searchParams.set('state', form.state);
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }

    if (req.method === 'POST' && url.pathname === '/oauth/access_token') {
      if (failures.token) return json(failures.token.status, failures.token.body);
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return json(400, graphError('Expected a form body'));
      }
      if (form.client_id !== options.clientId || form.client_secret !== options.clientSecret) {
        return json(400, graphError('Error validating client secret.', 1));
      }
      if (form.grant_type !== 'authorization_code') return json(400, graphError('Unsupported grant_type'));
      if (form.redirect_uri !== options.redirectUri)
        return json(
          400,
          graphError(
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
          ),
        );
      const owner = form.code ? codes.get(form.code) : undefined;
      // Codes are single use, as with the real provider.
      if (!owner || !form.code) return json(400, graphError('Invalid verification code format.'));
      codes.delete(form.code);
      const token = `THQ${randomBytes(24).toString('hex')}`;
      tokens.set(token, owner);
      return json(200, JSON.stringify({ access_token: token, token_type: 'bearer', user_id: owner.id }));
    }

    if (req.method === 'GET' && url.pathname === '/v1.0/me') {
      if (failures.me) return json(failures.me.status, failures.me.body);
      const auth = req.headers.authorization ?? '';
      const owner = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
      if (!owner) return json(401, graphError('Invalid OAuth access token - Cannot parse access token', 190));
      const fields = (query.fields ?? '').split(',');
      if (!ME_FIELDS.every((f) => fields.includes(f))) return json(400, graphError('Missing fields'));
      return json(200, JSON.stringify(owner));
    }

    if (req.method === 'GET' && url.pathname.startsWith('/pictures/')) {
      if (failures.picture) return json(failures.picture.status, failures.picture.body);
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': picture.length }).end(picture);
      return;
    }

    json(404, graphError('Unknown path'));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  user = makeUser('threads_user');
  return {
    url: base,
    requests,
    setUser(username, extra = {}) {
      user = { ...makeUser(username), ...extra };
      return user;
    },
    issueCode,
    setDeny(value) {
      deny = value;
    },
    setFailure(endpoint, failure) {
      if (failure) failures[endpoint] = failure;
      else delete failures[endpoint];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function consentPage(res: http.ServerResponse, search: string): void {
  const state = new URLSearchParams(search).get('state') ?? '';
  const attr = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Threads (test stand-in)</title></head><body>
<h1>Log in to Threads</h1><p>Test stand-in: approve to let the app read your profile.</p>
<form method="post" action="/oauth/consent"><input type="hidden" name="state" value="${attr(state)}">
<label>Threads username <input name="username" autocomplete="off"></label>
<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Cancel</button></form></body></html>`,
  );
}
