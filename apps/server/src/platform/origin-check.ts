import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * ARCHITECTURE §4: mutations check `Origin`. A browser always sends it on a cross-site POST, so a
 * request whose Origin is neither our public URL nor the host it was sent to is refused. Requests
 * without an Origin (server-to-server webhooks, curl) carry no ambient browser credentials to abuse.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const hostOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin === publicOrigin || origin === hostOrigin) return;
    throw new AppError('FORBIDDEN', 'Cross-origin request refused.');
  });
}
