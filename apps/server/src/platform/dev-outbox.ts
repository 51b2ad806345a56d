import type { FastifyPluginAsync } from 'fastify';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Loopback peers only, by the socket's own address (a forwarded-for header is anybody's to write). */
const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * A development page listing the mails the log mailer kept (newest first). Never registered in
 * production, and answered only to the machine itself: it shows reset links (finding I1).
 */
export const devOutboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/outbox', async (request, reply) => {
    if (!isLoopback(request.raw.socket.remoteAddress)) {
      return reply.status(404).send({
        error: { code: 'NOT_FOUND', message: 'No route GET /dev/outbox', requestId: request.id },
      });
    }
    const mails = app.mailer.outbox();
    const items = mails
      .map(
        (mail) =>
          `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${mail.sentAt.toISOString()}</p><pre>${linkify(mail.text)}</pre><details><summary>HTML part</summary><iframe title="${escapeHtml(mail.subject)}: HTML part" srcdoc="${escapeHtml(mail.html)}"></iframe></details></article>`,
      )
      .join('');
    const body = items || '<p>No mails yet. Sign up or ask for a password reset and they appear here.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox · Fanline</title><style>body{font:15px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}.meta{color:#64748b;font-size:.85rem}pre{white-space:pre-wrap;font:inherit}iframe{width:100%;height:760px;border:1px solid #e2e8f0;border-radius:8px;margin-top:.5rem}summary{cursor:pointer;color:#6d28d9}</style></head><body><h1>Dev outbox</h1><p class="meta">Mails the server would have sent. SMTP is not configured, so they are kept here (development only). Every kind of mail with sample data: <a href="/dev/mail">mail preview</a>.</p>${body}</body></html>`,
      );
  });
};
