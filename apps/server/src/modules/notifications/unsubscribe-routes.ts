import { EMAIL_KIND_COPY } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unsubscribeSecret } from './mail-user';
import { unsubscribeFromKind } from './notification-preferences';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Fanline</title><style>body{font:16px system-ui,sans-serif;max-width:520px;margin:3rem auto;padding:0 1.25rem;color:#0f172a}h1{font-size:1.4rem}p{color:#334155;line-height:1.5}button{font:inherit;font-weight:600;background:#0f172a;color:#fff;border:0;border-radius:10px;padding:.7rem 1.2rem;cursor:pointer}button:focus-visible{outline:3px solid #6366f1;outline-offset:2px}a{color:#4f46e5}</style></head><body><p><a href="/">Fanline</a></p><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

const INVALID = page(
  'This unsubscribe link is not valid',
  '<p>The link may have been cut short by your mail app. Sign in and choose which emails you get under Notifications in your settings.</p>',
);

const ZQuery = z.object({ token: z.string().min(1).max(300) });

/**
 * The unsubscribe link of every product email (issue #13), usable without signing in. GET shows a
 * small confirmation page (mail scanners follow links; a GET never changes anything); POST turns
 * the kind off, both from that page's button and as the RFC 8058 one-click POST a mail client sends
 * (body `List-Unsubscribe=One-Click`). A forged or altered token is a 400 page. These are pages for
 * people and mail clients, not API routes, so they stay out of the OpenAPI document (and its JSON fuzz).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058 clients and the page's form post urlencoded; the body carries nothing we need.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, body, done) => done(null, body),
  );
  const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  // same-origin, not no-referrer: with no-referrer Chromium posts the page's form with `Origin: null`,
  // which the origin check refuses; the token still never leaves for another site.

  app.get(
    '/unsubscribe',
    {
      config: limit,
      schema: { hide: true, summary: 'Unsubscribe page of a mail link', querystring: ZQuery },
    },
    async (request, reply) => {
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin');
      const target = verifyUnsubscribeToken(unsubscribeSecret(app), request.query.token);
      if (!target) return reply.status(400).send(INVALID);
      const what = EMAIL_KIND_COPY[target.kind].label;
      const action = `/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return reply.send(
        page(
          `Unsubscribe from “${what}” emails?`,
          `<p>You will stop getting these emails from Fanline. Other emails and in-app notifications stay as they are, and you can turn it back on under Notifications in your settings.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
    },
  );

  app.post(
    '/unsubscribe',
    {
      // RFC 8058: the mail provider posts this itself, with no Origin; the signed token authenticates it.
      config: { ...limit, serverToServer: true },
      schema: {
        hide: true,
        summary: 'Turn one kind of mail off (RFC 8058 one-click)',
        querystring: ZQuery,
      },
    },
    async (request, reply) => {
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin');
      const target = verifyUnsubscribeToken(unsubscribeSecret(app), request.query.token);
      if (!target) return reply.status(400).send(INVALID);
      if (!(await unsubscribeFromKind(app, target))) return reply.status(400).send(INVALID);
      const what = EMAIL_KIND_COPY[target.kind].label;
      return reply.send(
        page(
          'You are unsubscribed',
          `<p>You will no longer get “${escapeHtml(what)}” emails. You can turn them back on under Notifications in your settings.</p>`,
        ),
      );
    },
  );
};
