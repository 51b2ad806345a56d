import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Issue 36 §3: the pages that show one record named in their URL (a payment's result, a checkout, a
 * conversation) answer 404 when that record is not the visitor's or does not exist, as a profile
 * that does not exist already does (decision 0020), instead of a 200 around a "not found" message.
 * The API the page itself calls decides, with the visitor's cookie: the same owner check, no second
 * copy of it. Without a session the page sends the visitor to sign in, so nothing is looked up.
 */
export function resultLookup(url: string): string | null {
  const [pathname = '', query = ''] = url.split('?');
  if (pathname === '/payment-success' || pathname === '/payment-success/') {
    const id = new URLSearchParams(query).get('payment') ?? '';
    return `/api/payments/${encodeURIComponent(id || 'none')}`;
  }
  const checkout = /^\/checkout\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (checkout) return `/api/checkout/local/${checkout}`;
  const conversation = /^\/(?:dashboard\/)?messages\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (conversation) return `/api/conversations/${conversation}`;
  return null;
}

/** True when the page's record is unknown or not the visitor's: the API answered 404 (or 400 for a malformed id). */
export async function resultIsMissing(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const lookup = request.method === 'GET' && request.headers.cookie ? resultLookup(request.url) : null;
  if (!lookup) return false;
  const response = await app.inject({
    method: 'GET',
    url: lookup,
    headers: { cookie: request.headers.cookie ?? '', 'user-agent': request.headers['user-agent'] ?? '' },
    remoteAddress: request.ip,
  });
  return response.statusCode === 404 || response.statusCode === 400;
}
