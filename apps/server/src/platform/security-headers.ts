import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

// Issue 14: @fastify/helmet runs `helmet(options)` on every request, re-parsing the CSP directives
// and rebuilding the same dozen headers (≈23 µs a request). No route here uses per-route helmet
// options or CSP nonces, so the headers are one constant set: helmet computes it once, at start-up,
// on a throwaway instance, and every reply gets a copy.

const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => 'ok');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (!NOT_SECURITY.has(name) && typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * Security review I7: powerful browser features the app never uses are off for its pages and
 * anything they embed. (Stripe's checkout is a redirect to its own page, so `payment` is off too.)
 * Only features Chromium knows: an unknown one (`bluetooth`) is an error in every page's console.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/** Sets helmet's headers (computed once from `options`) on every reply, before any route runs. */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = { ...(await helmetHeaders(options)), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
