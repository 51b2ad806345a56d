import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Config } from './config';
import type { Mail, Mailer, SentMail } from './mailer';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Loopback peers only, by the socket's own address (a forwarded-for header is anybody's to write). */
const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/** Where the mailbox is: the development outbox, which the demo shows too (issue 36). */
export const MAILBOX_PATH = '/dev/outbox';

/**
 * Whether this server has a mailbox page: outside production when mails have nowhere else to go (the
 * log mailer), and in the demo (DEMO_MODE, decision 0024), which keeps a copy of every mail it sends
 * so someone evaluating it can read them (issue 36). A real deployment (production without
 * DEMO_MODE) has none.
 */
export function hasMailbox(config: Pick<Config, 'env' | 'demoMode'>, mailer: Pick<Mailer, 'kind'>): boolean {
  return config.demoMode || (config.env !== 'production' && mailer.kind === 'log');
}

/**
 * The demo's mailer: sends through `inner` exactly as before (SMTP, or the log mailer, which withholds
 * content in production) and keeps the newest `keep` mails in memory for the demo mailbox.
 */
export function withDemoMailbox(inner: Mailer, keep = 100): Mailer {
  const kept: SentMail[] = [];
  let nextId = 1;
  return {
    kind: inner.kind,
    async send(mail: Mail) {
      await inner.send(mail);
      kept.unshift({ ...mail, id: nextId++, sentAt: new Date() });
      kept.length = Math.min(kept.length, keep);
    },
    outbox: () => [...kept],
    summarize: (during) => inner.summarize(during),
    close: () => inner.close(),
  };
}

const STYLE =
  'body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}.meta{color:#475569;font-size:.85rem}.banner{background:#fef3c7;border-radius:8px;padding:.75rem 1rem}pre{white-space:pre-wrap;font:inherit}iframe{width:100%;height:760px;border:1px solid #e2e8f0;border-radius:8px;margin-top:.5rem}summary{cursor:pointer;color:#6d28d9}a{color:#6d28d9}';

const notFound = (url: string, requestId: string) => ({
  error: { code: 'NOT_FOUND', message: `No route GET ${url}`, requestId },
});

/**
 * The mailbox: the mails this server sent (newest first), each openable on its own page
 * (/dev/outbox/<id>) with working links. Registered outside production without SMTP, and in the demo
 * (`demo`: labelled as the demo's mailbox); never on a real deployment. Answered only to the machine
 * itself: it shows reset links (finding I1).
 */
export const devOutboxRoutes: FastifyPluginAsync<{ demo: boolean }> = async (app, { demo }) => {
  const title = demo ? 'Demo mailbox' : 'Dev outbox';
  const intro = demo
    ? '<p class="banner"><strong>Demo mailbox.</strong> This is a demo: every mail it sent (sign-up confirmations, password resets, new messages, replies, refunds, payouts) is kept here so you can read it. A real deployment sends mail and has no mailbox page. Every kind of mail with sample data: <a href="/dev/mail">mail preview</a>.</p>'
    : '<p class="meta">Mails the server would have sent. SMTP is not configured, so they are kept here (development only). Every kind of mail with sample data: <a href="/dev/mail">mail preview</a>.</p>';

  app.get(MAILBOX_PATH, async (request, reply) => {
    if (!isLoopback(request.raw.socket.remoteAddress)) return reply.status(404).send(notFound(request.url, request.id));
    const items = app.mailer
      .outbox()
      .map(
        (mail) =>
          `<article data-mail-id="${mail.id}"><h2><a href="${MAILBOX_PATH}/${mail.id}">${escapeHtml(mail.subject)}</a></h2><p class="meta">To ${escapeHtml(mail.to)} · ${mail.sentAt.toISOString()} · <a href="${MAILBOX_PATH}/${mail.id}">Open this mail</a></p><pre>${linkify(mail.text)}</pre><details><summary>HTML part</summary><iframe title="${escapeHtml(mail.subject)}: HTML part" srcdoc="${escapeHtml(mail.html)}"></iframe></details></article>`,
      )
      .join('');
    const body = items || '<p>No mails yet. Sign up or ask for a password reset and they appear here.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Fanline</title><style>${STYLE}</style></head><body><main><h1>${title}</h1>${intro}<p><a href="/">Back to Fanline</a></p>${body}</main></body></html>`,
      );
  });

  // One mail as a mail client shows it: its own HTML, whose links (a reset link, say) work as sent.
  app.get(
    `${MAILBOX_PATH}/:id`,
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const mail = isLoopback(request.raw.socket.remoteAddress)
        ? app.mailer.outbox().find((m) => m.id === id)
        : undefined;
      if (!mail) return reply.status(404).send(notFound(request.url, request.id));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mail.html);
    },
  );
};
