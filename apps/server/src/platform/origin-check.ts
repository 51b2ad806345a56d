import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Names of this machine: a PUBLIC_URL on one of them also answers to the others (the demo, the cluster). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** How many distinct Host headers that named the site `publicSite` remembers (each with its port as sent). */
export const SERVED_HOSTS = 64;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is called server to server and authenticated by what the request carries (Stripe's
     * signature, a mailed token), not by a browser's cookie: the Origin check does not apply.
     */
    serverToServer?: boolean;
  }
}

/**
 * Which hosts and origins are this site's (decision 0044): PUBLIC_URL's. A PUBLIC_URL on a loopback
 * name (the demo at http://localhost:3000, the cluster at https://localhost:3443) also answers to the
 * other loopback names, on the same scheme and port for an Origin: a page rebinding a foreign DNS name
 * to this machine still names its own host, so that stays refused.
 */
export function publicSite(publicUrl: string) {
  const site = new URL(publicUrl);
  const loopback = LOOPBACK.has(site.hostname);
  const sameName = (hostname: string) => hostname === site.hostname || (loopback && LOOPBACK.has(hostname));
  // The Host headers that named this site, as sent: a site is asked under a handful of them, so each
  // is parsed once, not on every request (1.4 µs of a cached browse answer's 40-80, and a URL object to
  // collect; decision 0083). Only served hosts are kept, and at most SERVED_HOSTS of them, so a client
  // inventing Host headers neither grows this nor pushes the real ones out (theirs are parsed each time).
  const served = new Set<string>();
  return {
    origin: site.origin,
    /** A Host header (name and optional port) that names this site. The port is not compared: behind the balancer or reached directly, an instance sees different ones. */
    isHost(host: string | undefined): boolean {
      if (!host) return false;
      if (served.has(host)) return true;
      let named: boolean;
      try {
        named = sameName(new URL(`http://${host}`).hostname);
      } catch {
        named = false;
      }
      if (named && served.size < SERVED_HOSTS) served.add(host);
      return named;
    },
    /** An Origin header that is this site's page. */
    isOrigin(origin: string): boolean {
      if (origin === site.origin) return true;
      if (!loopback) return false;
      try {
        const url = new URL(origin);
        return (
          url.origin === origin && sameName(url.hostname) && url.protocol === site.protocol && url.port === site.port
        );
      } catch {
        return false;
      }
    },
  };
}

/**
 * ARCHITECTURE §4: mutations check `Origin`. A browser sends it on every POST, PUT, PATCH and
 * DELETE, so a request whose Origin is not our public URL's is refused. One with no Origin at all
 * passes only when it says `Sec-Fetch-Site: same-origin` (security review N7); server-to-server
 * routes (Stripe's webhook, RFC 8058 one-click unsubscribe) are marked `serverToServer` and skip the
 * check.
 *
 * Security review F6 / decision 0044: with `strictHost` (production, or PUBLIC_URL set) the Origin
 * is compared with PUBLIC_URL's origin only, never with whatever Host the request carried, and a
 * request whose Host is not PUBLIC_URL's gets 421, so a DNS-rebinding page reaches nothing. The
 * health checks are exempt: a balancer or orchestrator asks them at an instance's own address, often
 * with no Host at all. Development without PUBLIC_URL keeps the Host fallback (Vite's dev proxy).
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const site = publicSite(app.config.publicUrl);
  const strict = app.config.strictHost;
  if (strict) {
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/health/') || request.url === '/api/health') return;
      if (site.isHost(request.headers.host)) return;
      throw new AppError('MISDIRECTED_REQUEST', 'This server does not serve that host.');
    });
  }
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.serverToServer) return;
    const origin = request.headers.origin;
    if (!origin) {
      if (request.headers['sec-fetch-site'] === 'same-origin') return;
      throw new AppError('FORBIDDEN', 'Cross-origin request refused: the request did not say where it came from.');
    }
    if (site.isOrigin(origin)) return;
    if (!strict && origin === `${request.protocol}://${request.headers.host ?? ''}`) return;
    throw new AppError('FORBIDDEN', 'Cross-origin request refused.');
  });
}
