import { MESSAGE_OUTCOME_LABELS } from '@fanline/contracts';
import { type ParsedMail, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailUser } from '../../modules/notifications';
import { alertProviderFailure } from '../../modules/system-alerts';
import {
  createAdmin,
  createUser,
  fanAndCreator,
  type SmtpCapture,
  sendPaidMessage,
  setPlatformSetting,
  startSmtpCapture,
  unique,
  useTestApp,
} from '../../testing';
import { renderSample } from '../dev-mail';
import { MAIL_CATALOG, MAIL_TEMPLATE_IDS, type MailTemplateId } from '.';

const BASE = 'http://localhost:3000';
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c);
/** Any tag the template could have left in a text part (user text removed first: it may contain `<`). */
const TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;
const withoutUserText = (text: string, userText: string[]) =>
  userText.reduce((rest, value) => rest.split(value).join(''), text);

describe('every mail template (issue 26), from the catalog so none is forgotten', () => {
  test('the catalog has every product, security and alert mail, the Connect payout mails among them', () => {
    expect(MAIL_TEMPLATE_IDS).toEqual(
      expect.arrayContaining([
        'email-confirmation',
        'password-reset',
        'sign-up-attempt',
        'system-alert',
        'new-message',
        'message-reply',
        'message-refund',
        'message-reminder',
        'payout-refused',
        'payout-paid',
        'payout-failed',
        'payout-canceled',
        'payout-account-incomplete',
        'payout-account-enabled',
        'payout-account-restricted',
      ]),
    );
  });

  test('issue 36 §5: the mails that tell how a message ended use the one vocabulary (Declined, Expired, Refunded)', async () => {
    const said = { 'message-declined': 'declined', 'message-refund': 'expired', 'flag-refund': 'refunded' } as const;
    for (const [id, outcome] of Object.entries(said)) {
      const mail = await renderSample(MAIL_CATALOG[id as MailTemplateId], BASE);
      expect(mail.text, id).toContain(`Status: ${MESSAGE_OUTCOME_LABELS[outcome]}`);
      for (const other of ['Released', 'Expired', 'Declined', 'Refunded'].filter(
        (w) => w !== MESSAGE_OUTCOME_LABELS[outcome],
      ))
        expect(mail.text, id).not.toContain(`Status: ${other}`);
    }
  });

  test.each(MAIL_TEMPLATE_IDS)(
    '"%s" renders HTML and text with its button link, escaping what users wrote',
    async (id) => {
      const entry = MAIL_CATALOG[id];
      const content = entry.sample(BASE);
      const mail = await renderSample(entry, BASE);
      // The reader's own name is user text too ("Hi …,").
      const userText = [...entry.userText, ...('recipientName' in entry ? [entry.recipientName] : [])];
      expect(mail.subject).toBe(content.subject);
      // HTML: the branded frame, the button with its link, user text escaped (never live markup).
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain(`href="${escapeHtml(content.cta.href)}"`);
      expect(mail.html).toContain(`>${escapeHtml(content.cta.label)}<`);
      expect(mail.html).toContain('Fanline');
      for (const value of userText) {
        expect(mail.html).toContain(escapeHtml(value));
        if (/[<&]/.test(value)) expect(mail.html).not.toContain(value);
      }
      expect(mail.html).not.toMatch(/<script/i);
      // Text: the same link and words, the user's text as written, and no markup of the template.
      expect(mail.text).toContain(content.cta.href);
      expect(mail.text).toContain(`${content.cta.label}:\n${content.cta.href}`);
      for (const value of userText) expect(mail.text).toContain(value);
      expect(withoutUserText(mail.text, userText)).not.toMatch(TAG);
      expect(mail.text).not.toContain('&amp;');
      // The unsubscribe link of product mails is visible in both parts; security mails and alerts have none.
      const unsubscribe = `${BASE}/unsubscribe?token=`;
      expect(mail.html.includes(unsubscribe)).toBe(entry.channel === 'product');
      expect(mail.text.includes(`Unsubscribe from this kind of email: ${unsubscribe}`)).toBe(
        entry.channel === 'product',
      );
    },
  );
});

describe('with SMTP_URL at the test capture', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const t = useTestApp(() => ({
    env: { SMTP_URL: smtp.url, AUTH_IP_LIMIT: '10000', AUTH_EMAIL_LIMIT: '10000' },
  }));

  const wire = async (to: string) => {
    const captured = await smtp.waitFor(to);
    const parsed = await simpleParser(captured.raw);
    return { captured, parsed };
  };

  /** RFC 8058 headers as mailparser reads them (it gathers every List-* header under `list`). */
  const listHeaders = (parsed: ParsedMail) =>
    parsed.headers.get('list') as
      | { unsubscribe?: { url?: string }; 'unsubscribe-post'?: { name?: string } }
      | undefined;

  /** multipart/alternative with a text/plain and a text/html part, both carrying `link`. */
  const expectMultipart = (raw: string, parsed: ParsedMail, link: string) => {
    const contentType = parsed.headers.get('content-type') as { value: string } | undefined;
    expect(contentType?.value).toBe('multipart/alternative');
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/im);
    expect(parsed.text).toContain(link);
    expect(parsed.html || '').toContain(`href="${escapeHtml(link)}"`);
  };

  test.each(MAIL_TEMPLATE_IDS)(
    '"%s" arrives as multipart HTML + text, List-Unsubscribe only on product mails',
    async (id: MailTemplateId) => {
      const entry = MAIL_CATALOG[id];
      const base = t.app.config.publicUrl;
      const content = entry.sample(base);
      const name = 'Sam <script>alert(1)</script> & Co';
      const user = await createUser(t.database.db, { displayName: name });
      const to = user.email ?? '';
      if (entry.channel === 'product') {
        // As the senders do: through the one mail gate, for the template's kind.
        expect(await mailUser(t.app, user.id, entry.kind as Parameters<typeof mailUser>[2], () => content)).toBe(true);
      } else {
        await t.app.mailer.send({ kind: entry.kind, to, ...(await renderSample(entry, base)) });
      }
      const { captured, parsed } = await wire(to);
      expect(parsed.subject).toBe(content.subject);
      expectMultipart(captured.raw, parsed, content.cta.href);
      const list = listHeaders(parsed);
      expect(Boolean(list?.unsubscribe?.url?.includes('/unsubscribe?token='))).toBe(entry.channel === 'product');
      expect(list?.['unsubscribe-post']?.name === 'List-Unsubscribe=One-Click').toBe(entry.channel === 'product');
      if (entry.channel === 'product') {
        expect(parsed.text).toContain(`Hi ${name},`);
        expect(parsed.html).toContain(`Hi <!-- -->${escapeHtml(name)}<!-- -->,`);
        expect(parsed.html).not.toContain(name);
      }
    },
  );

  test('the real senders: security mails carry no List-Unsubscribe, product mails and their links do; alerts none', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    // Sign-up (confirmation), a second sign-up with the same email (attempt), a reset.
    const username = unique('brand');
    const email = `${username}@example.test`;
    const signUp = await post('/api/auth/sign-up', {
      email,
      password: 'secret1-pass',
      displayName: 'B & <b>',
      username,
    });
    expect(signUp.statusCode).toBe(201);
    const again = await post('/api/auth/sign-up', {
      email,
      password: 'secret1-pass',
      displayName: 'Other',
      username: unique('brand'),
    });
    // Confirmation is required here (SMTP is set), so a taken email is answered like a new one and
    // its owner is mailed instead (security review N6).
    expect(again.statusCode).toBe(201);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length).toBe(3);
    const security = await Promise.all(
      smtp.mails.filter((m) => m.to.includes(email)).map(async (m) => ({ m, parsed: await simpleParser(m.raw) })),
    );
    expect(security.map(({ parsed }) => parsed.subject).sort()).toEqual([
      'Confirm your Fanline account',
      'Reset your Fanline password',
      'Someone tried to create a Fanline account with your email',
    ]);
    for (const { m, parsed } of security) {
      const link = parsed.text?.match(/https?:\/\/\S+/)?.[0] ?? '';
      expect(link).not.toBe('');
      expectMultipart(m.raw, parsed, link);
      expect(listHeaders(parsed)).toBeUndefined();
      expect(parsed.text).not.toContain('/unsubscribe');
    }

    // A product mail: the creator's new paid message.
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    await sendPaidMessage(t.app, fanCookie, creator.id);
    const { captured, parsed } = await wire(creator.email ?? '');
    expect(parsed.subject).toMatch(/^New \$25 message from /);
    const link = parsed.text?.match(/http:\/\/\S+\/dashboard\/messages\/\S+/)?.[0] ?? '';
    expectMultipart(captured.raw, parsed, link);
    const unsubscribe = listHeaders(parsed)?.unsubscribe?.url ?? '';
    expect(unsubscribe).toMatch(/\/unsubscribe\?token=/);
    expect(parsed.text).toContain(`Unsubscribe from this kind of email: ${unsubscribe}`);
    expect(parsed.html).toContain(`href="${unsubscribe}"`);

    // A system alert to an admin.
    await setPlatformSetting(t.database.db, 'system_alerts', true);
    const admin = await createAdmin(t.database.db);
    expect(
      await alertProviderFailure(t.app, {
        paymentId: crypto.randomUUID(),
        action: 'capture',
        error: new Error('card <declined> & gone'),
      }),
    ).toBe(true);
    const alert = await wire(admin.email ?? '');
    expect(alert.parsed.subject).toBe('[Fanline alert] payment provider failed to capture a payment');
    expectMultipart(alert.captured.raw, alert.parsed, `${t.app.config.publicUrl}/admin/transactions`);
    expect(alert.parsed.text).toContain('Error: card <declined> & gone');
    expect(alert.parsed.html).toContain('Error: card &lt;declined&gt; &amp; gone');
    expect(listHeaders(alert.parsed)).toBeUndefined();
  });
});

describe('/dev/mail outside production', () => {
  const t = useTestApp();

  test('lists every template, labelled as a preview, each with its HTML and its text part', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Preview with sample data.');
    for (const id of MAIL_TEMPLATE_IDS) {
      const mail = await renderSample(MAIL_CATALOG[id], t.app.config.publicUrl);
      expect(page.body).toContain(`data-mail="${id}"`);
      expect(page.body).toContain(`srcdoc="${escapeHtml(mail.html).replaceAll('&#x27;', '&#39;')}"`);
      const alone = await t.app.inject({ method: 'GET', url: `/dev/mail/${id}` });
      expect(alone.statusCode).toBe(200);
      expect(alone.body).toBe(mail.html);
    }
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/no-such-mail' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/constructor' })).statusCode).toBe(400);
    const outbox = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(outbox.body).toContain('href="/dev/mail"');
  });
});
