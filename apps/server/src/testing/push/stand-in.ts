/// <reference path="./http-ece.d.ts" />
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';

/**
 * A local push service (issue 26) in place of FCM or Mozilla's autopush: an HTTPS server (a
 * certificate made for 127.0.0.1 at start; the app trusts it through `config.push.trustedCa`, a test
 * seam no environment variable sets) that receives the `web-push` library's real POSTs. Like a real
 * push service it checks the VAPID authorization (an ES256 JWT for this origin, signed by the key in
 * `k=`); like a browser it DECRYPTS the aes128gcm payload with the subscription's private ECDH key and
 * auth secret, which only the test holds. `answer(endpoint, status)` makes one endpoint answer a status
 * (410 for an expired subscription, 500 for a service in trouble).
 */
export interface PushStandIn {
  url: string;
  /** The certificate to trust (PEM). */
  ca: string;
  /** A browser's new subscription at this service: its JSON for the API, and its own decryption. */
  subscribe(): StandInSubscription;
  /** Every push received, decrypted, in order. */
  received: ReceivedPush[];
  /** Resolves with the next push to `endpoint` (already received or still to come), or rejects after `ms`. */
  next(endpoint: string, ms?: number): Promise<ReceivedPush>;
  /** Makes `endpoint` answer `status` from now on; null: accept pushes again. */
  answer(endpoint: string, status: number | null): void;
  close(): Promise<void>;
}

export interface StandInSubscription {
  endpoint: string;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, parsed. */
  payload: unknown;
  at: number;
  headers: {
    ttl: string | undefined;
    urgency: string | undefined;
    topic: string | undefined;
    encoding: string | undefined;
  };
  /** The VAPID JWT's claims, after its signature was checked. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` as a push service does; throws when it does not hold. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${header}`);
  const [head, claims, signature] = match[1].split('.') as [string, string, string];
  const raw = Buffer.from(match[2], 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('the VAPID key is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  if (parsed.aud !== origin) throw new Error(`the VAPID audience ${parsed.aud} is not ${origin}`);
  if (parsed.exp * 1000 < Date.now()) throw new Error('the VAPID token has expired');
  return { ...parsed, publicKey: match[2] };
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const { key, cert } = selfSignedCertificate();
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiting = new Set<{ endpoint: string; resolve: (push: ReceivedPush) => void }>();
  const seen = new Map<string, number>();
  let origin = '';

  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const subscription = keys.get(endpoint);
      const status = answers.get(endpoint);
      if (req.method !== 'POST' || !subscription) {
        res.writeHead(404).end();
        return;
      }
      if (status !== undefined) {
        res.writeHead(status).end();
        return;
      }
      try {
        const vapid = checkVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.auth,
        });
        const push: ReceivedPush = {
          endpoint,
          payload: JSON.parse(plain.toString('utf8')),
          at: Date.now(),
          headers: {
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            topic: req.headers.topic as string | undefined,
            encoding: req.headers['content-encoding'],
          },
          vapid,
        };
        received.push(push);
        for (const waiter of waiting) {
          if (waiter.endpoint === endpoint) {
            waiting.delete(waiter);
            seen.set(endpoint, (seen.get(endpoint) ?? 0) + 1);
            waiter.resolve(push);
            break;
          }
        }
        res.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    ca: cert,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('base64url')}`;
      keys.set(endpoint, { ecdh, auth });
      return {
        endpoint,
        json: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    next(endpoint, ms = 2000) {
      // Pushes already received and not yet taken by an earlier next() come first.
      const taken = seen.get(endpoint) ?? 0;
      const already = received.filter((push) => push.endpoint === endpoint)[taken];
      if (already) {
        seen.set(endpoint, taken + 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const waiter = { endpoint, resolve };
        waiting.add(waiter);
        setTimeout(() => {
          if (waiting.delete(waiter)) reject(new Error(`no push to ${endpoint} within ${ms} ms`));
        }, ms).unref();
      });
    },
    answer(endpoint, status) {
      if (status === null) answers.delete(endpoint);
      else answers.set(endpoint, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
