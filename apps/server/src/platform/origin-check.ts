import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * ARCHITECTURE §4: mutations check `Origin`. A browser sends it on every POST, PUT, PATCH and
 * DELETE, so a request whose Origin is neither our public URL nor the host it was sent to is
 * refused. One with no Origin at all passes only when it says `Sec-Fetch-Site: same-origin`
 * (security review N7); server-to-server routes (Stripe's webhook, RFC 8058 one-click unsubscribe)
 * are marked `serverToServer` and skip the check.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.serverToServer) return;
    const origin = request.headers.origin;
    if (!origin) {
      if (request.headers['sec-fetch-site'] === 'same-origin') return;
      throw new AppError('FORBIDDEN', 'Cross-origin request refused: the request did not say where it came from.');
    }
    const hostOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin === publicOrigin || origin === hostOrigin) return;
    throw new AppError('FORBIDDEN', 'Cross-origin request refused.');
  });
}
