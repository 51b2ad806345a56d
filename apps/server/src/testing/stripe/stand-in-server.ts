import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Form, parseForm, StripeApiError } from './stand-in-checks';

export interface StripeRecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Form;
  status: number;
  /** True when Stripe would have answered from its idempotency store rather than acting again. */
  replayed: boolean;
}

/** What an observer of the stand-in's calls sees of one that is about to act (stand-in-echoes.ts). */
export interface StandInCall {
  method: string;
  path: string;
  form: Form;
  headers: http.IncomingHttpHeaders;
  /** The answer's `request-id`, which Stripe names in the events the call causes. */
  requestId: string;
}

export interface StandInHooks {
  /** Fills in `expand[]` paths of an answer (a copy): ids replaced by the objects they name. */
  expand?: (answer: object, paths: string[]) => object;
  /** Told of each call before it acts (never of a replay); what it returns is called with the answer once it has. */
  observe?: (call: StandInCall) => ((answer: object) => void) | undefined;
}

export type StandInRoute = [
  method: string,
  path: RegExp,
  handle: (form: Form, match: RegExpMatchArray, headers: http.IncomingHttpHeaders) => object,
];

/**
 * Fault knobs for the fault-injection runs (testing/faults.ts): calls answered with a 5xx before they
 * act, calls that are slow, and calls that act but whose answer never arrives (the connection is
 * dropped after `hangMs`, as a client timeout sees it: the caller cannot know whether money moved).
 */
export interface StandInFaults {
  /** Share of calls (0–1) refused with `status` (503 unless set) before acting. */
  failRate?: number;
  status?: number;
  /** Every call waits between these many milliseconds before it is handled. */
  delayMs?: [number, number];
  /** Share of calls (0–1) that act, then hold the answer `hangMs` (3000 unless set) and drop it. */
  hangRate?: number;
  hangMs?: number;
  /**
   * Share of calls (0–1) that act, then answer 500. As Stripe does, the 500 is stored against the
   * idempotency key and replayed to every retry with that key until the key expires.
   */
  failAfterActingRate?: number;
  /** Only calls to these paths are touched (every path unless set). */
  path?: RegExp;
  /** Only calls with this method are touched (every method unless set). */
  method?: string;
}

interface Stored {
  fingerprint: string;
  status: number;
  body: string;
  /** When the key was first used, by the stand-in's clock. */
  at: number;
}

/** Stripe prunes idempotency keys once they are at least 24 hours old (docs.stripe.com/idempotency). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

/**
 * The HTTP side of the Stripe stand-in: Stripe's request rules (secret key as a Bearer token, the
 * API version header, form-encoded POST bodies) plus one of ours: every POST carries our own
 * Idempotency-Key, since every money call we make must. As Stripe does (decision 0049): a repeated
 * key replays the first answer, 500s included; a key reused for different parameters is refused; keys
 * are scoped by Stripe-Account and pruned 24 hours after their first use, by the stand-in's own clock
 * (`advanceClock`), after which the same key acts again.
 */
export async function listenStripeStandIn(
  secretKey: string,
  routes: StandInRoute[],
  /** The stand-in's one clock in ms (startStripeStandIn's, with `advanceClock` already in it). */
  now: () => number = Date.now,
  hooks: StandInHooks = {},
) {
  const requests: StripeRecordedRequest[] = [];
  const stored = new Map<string, Stored>();
  let outage: number | null = null;
  let faults: StandInFaults = {};

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [least = 0, most = least] = faults.delayMs ?? [];
      const delay = least + Math.random() * (most - least);
      if (delay > 0) setTimeout(handle, delay);
      else handle();
    });
    const handle = () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const method = req.method ?? 'GET';
      const touched = (!faults.path || faults.path.test(path)) && (!faults.method || faults.method === method);
      const failing = touched && Math.random() < (faults.failRate ?? 0) ? (faults.status ?? 503) : null;
      const hanging = touched && Math.random() < (faults.hangRate ?? 0);
      const failingAfter = touched && Math.random() < (faults.failAfterActingRate ?? 0);
      const form = parseForm(method === 'GET' ? ((req.url ?? '').split('?')[1] ?? '') : raw);
      const key = req.headers['idempotency-key'];
      // Keys are per account: the platform's and each connected account's are separate stores.
      const account = req.headers['stripe-account'];
      const storeKey = typeof key === 'string' ? `${typeof account === 'string' ? account : ''} ${key}` : null;
      const fingerprint = `${method} ${path} ${raw}`;
      const requestId = `req_${randomBytes(7).toString('hex')}`;
      const send = (status: number, body: string, replayed = false) => {
        requests.push({ method, path, headers: req.headers, form, status, replayed });
        if (hanging) {
          setTimeout(() => req.socket.destroy(), faults.hangMs ?? 3000);
          return;
        }
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': requestId,
          ...(replayed && { 'idempotent-replayed': 'true' }),
          ...(typeof key === 'string' && { 'idempotency-key': key }),
        });
        res.end(body);
      };
      try {
        if (outage || failing)
          throw new StripeApiError(outage ?? failing ?? 503, {
            type: 'api_error',
            message: 'Stand-in: simulated outage',
          });
        checkHeaders(req, method, secretKey);
        if (storeKey) {
          const found = stored.get(storeKey);
          if (found && now() - found.at >= IDEMPOTENCY_KEY_TTL_MS) stored.delete(storeKey);
          const earlier = stored.get(storeKey);
          if (earlier && earlier.fingerprint !== fingerprint) {
            throw new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            });
          }
          if (earlier) return send(earlier.status, earlier.body, true);
        }
        const route = routes.find(([m, pattern]) => m === method && pattern.test(path));
        if (!route) {
          throw new StripeApiError(404, {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${path}).`,
          });
        }
        const acted = hooks.observe?.({ method, path, form, headers: req.headers, requestId });
        const answer = route[2](form, path.match(route[1]) as RegExpMatchArray, req.headers);
        acted?.(answer);
        const paths = Array.isArray(form.expand) ? (form.expand as string[]) : [];
        const body = JSON.stringify(paths.length > 0 && hooks.expand ? hooks.expand(answer, paths) : answer);
        if (failingAfter) {
          // It acted; the answer is a 500, which Stripe stores and replays like any other.
          const error = JSON.stringify({
            error: { type: 'api_error', message: 'Stand-in: simulated error after acting' },
          });
          if (storeKey) stored.set(storeKey, { fingerprint, status: 500, body: error, at: now() });
          return send(500, error);
        }
        if (storeKey) stored.set(storeKey, { fingerprint, status: 200, body, at: now() });
        send(200, body);
      } catch (error) {
        if (!(error instanceof StripeApiError)) {
          send(500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
          return;
        }
        const body = JSON.stringify({ error: error.error });
        // Stripe stores the outcome of a request that began executing, errors included; a request
        // refused at validation can be retried with the same key.
        if (error.replay && storeKey) stored.set(storeKey, { fingerprint, status: error.status, body, at: now() });
        send(error.status, body);
      }
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setOutage: (status: number | null) => {
      outage = status;
    },
    setFaults: (next: StandInFaults | null) => {
      faults = next ?? {};
    },
    /** Moves the stand-in's clock (idempotency keys age by it); returns the offset now in force. */
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function checkHeaders(req: http.IncomingMessage, method: string, secretKey: string): void {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Bearer sk_test_') || auth !== `Bearer ${secretKey}`) {
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${auth.replace(/^Bearer /, '').slice(0, 8)}****`,
    });
  }
  if (!req.headers['stripe-version']) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: 'Stand-in: Stripe-Version header missing',
    });
  }
  if (method !== 'POST') return;
  if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    throw new StripeApiError(400, { type: 'invalid_request_error', message: 'POST bodies must be form-encoded' });
  }
  // The SDK keys every POST with a random `stripe-node-retry-…` of its own; that one dies with the
  // process, so a retry after a crash could move money twice. Ours is derived from our row.
  const key = req.headers['idempotency-key'];
  if (typeof key !== 'string' || key.startsWith('stripe-node-retry-') || key.length > 255) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: 'Stand-in: every Fanline POST to Stripe must carry its own Idempotency-Key (up to 255 characters)',
    });
  }
}
