import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CatalogEntry,
  MAIL_CATALOG,
  MAIL_TEMPLATE_IDS,
  type MailTemplateId,
  type RenderedMail,
  renderMail,
  sampleUnsubscribeUrl,
} from './mail';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One catalog entry rendered with its sample data, framed exactly as its channel sends it. */
export function renderSample(entry: CatalogEntry, publicUrl: string): Promise<RenderedMail> {
  const product = entry.channel === 'product';
  return renderMail(entry.sample(publicUrl), {
    publicUrl,
    recipientName: product ? entry.recipientName : undefined,
    unsubscribeUrl: product ? sampleUnsubscribeUrl(publicUrl) : undefined,
  });
}

const CHANNEL = {
  product: 'product mail: the reader’s switch of its kind, unsubscribe link and List-Unsubscribe headers',
  security: 'security mail: always sent, no unsubscribe link or List-Unsubscribe',
  alert: 'system alert to admins: switched by the system_alerts setting, no List-Unsubscribe',
} as const;

const STYLE =
  'body{font:15px system-ui,sans-serif;max-width:980px;margin:2rem auto;padding:0 1rem;color:#0f172a}' +
  '.banner{background:#fef3c7;border:1px solid #f59e0b;border-radius:10px;padding:.75rem 1rem}' +
  'nav ol{columns:2;padding-left:1.25rem}article{border:1px solid #e2e8f0;border-radius:12px;padding:1rem 1.25rem;margin:1.5rem 0}' +
  'h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#64748b;font-size:.85rem;margin:.25rem 0}' +
  '.parts{display:grid;grid-template-columns:minmax(0,620px) minmax(0,1fr);gap:1rem;align-items:start}' +
  '@media (max-width:900px){.parts{grid-template-columns:minmax(0,1fr)}}' +
  'iframe{width:100%;height:860px;border:1px solid #e2e8f0;border-radius:8px;background:#fff}' +
  'pre{white-space:pre-wrap;word-break:break-word;font:13px ui-monospace,monospace;background:#f8fafc;border:1px solid #e2e8f0;border-radius:8px;padding:.75rem;margin:0}' +
  'a{color:#6d28d9}';

/**
 * Development only (never registered in production): every mail template rendered with labelled
 * sample data, HTML and text side by side (/dev/mail), and each one's HTML alone (/dev/mail/<id>),
 * which is what the e2e journey screenshots. Sample data only: no real user, link or token is shown.
 */
export const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.config.publicUrl;

  app.get('/dev/mail', async (_request, reply) => {
    const rendered = await Promise.all(
      MAIL_TEMPLATE_IDS.map(async (id) => ({
        id,
        entry: MAIL_CATALOG[id],
        mail: await renderSample(MAIL_CATALOG[id], publicUrl),
      })),
    );
    const nav = rendered.map(({ id, entry }) => `<li><a href="#${id}">${escapeHtml(entry.title)}</a></li>`).join('');
    const articles = rendered
      .map(({ id, entry, mail }) => {
        return (
          `<article id="${id}" data-mail="${id}"><h2>${escapeHtml(entry.title)}</h2>` +
          `<p class="meta">Kind <code>${escapeHtml(entry.kind)}</code> · ${CHANNEL[entry.channel]}</p>` +
          `<p class="meta">Subject: <strong data-subject>${escapeHtml(mail.subject)}</strong> · <a href="/dev/mail/${id}">open the HTML alone</a></p>` +
          `<div class="parts"><iframe title="${escapeHtml(entry.title)}: HTML part" srcdoc="${escapeHtml(mail.html)}"></iframe>` +
          `<div><p class="meta">Plain-text part</p><pre data-text>${escapeHtml(mail.text)}</pre></div></div></article>`
        );
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mail preview · Fanline</title><style>${STYLE}</style></head><body>` +
          `<h1>Mail preview</h1><p class="banner"><strong>Preview with sample data.</strong> These are not real mails: every name, amount, message and link below is made up to show each template (names carry <code>&lt;script&gt;</code> and <code>&amp;</code> to show they are escaped). Development only; production has no /dev/mail. Mails really sent are at <a href="/dev/outbox">/dev/outbox</a> when SMTP is not configured.</p>` +
          `<nav aria-label="Mail kinds"><h2>${rendered.length} mails</h2><ol>${nav}</ol></nav><main>${articles}</main></body></html>`,
      );
  });

  // An unknown id is a 400 naming the parameter and the ids there are (a template is a closed list).
  const params = z.object({ id: z.enum(MAIL_TEMPLATE_IDS as [MailTemplateId, ...MailTemplateId[]]) });
  app.get('/dev/mail/:id', { schema: { hide: true, params } }, async (request, reply) => {
    const mail = await renderSample(MAIL_CATALOG[request.params.id], publicUrl);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(mail.html);
  });
};
