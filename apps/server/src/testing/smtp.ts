import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes undone, enough to read text and links. */
  body: string;
  /** The message exactly as it arrived (headers are not quoted-printable: read them here). */
  raw: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Resolves with the next mail to `to` (one already received counts), or fails after `timeoutMs`. */
  waitFor(to: string, timeoutMs?: number): Promise<CapturedMail>;
  /** How many connections clients have opened to it so far. */
  connections(): number;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port: the app's nodemailer transport talks to it as to any relay. */
export async function startSmtpCapture(
  options: { onMail?: (mail: CapturedMail) => void; port?: number } = {},
): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: Array<{ to: string; resolve: (mail: CapturedMail) => void }> = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Closing, it tells a client still connected (an app's pooled connection) goodbye at once instead
    // of waiting the default 30 s for it to leave.
    closeTimeout: 100,
    // No reverse DNS lookup of 127.0.0.1 per connection (up to 1.5 s where the resolver is slow).
    disableReverseLookup: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CapturedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        mails.push(mail);
        options.onMail?.(mail);
        for (const waiter of [...waiters]) {
          if (mail.to.includes(waiter.to)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('SMTP capture has no port'));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      const found = mails.find((mail) => mail.to.includes(address));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link in a mail that contains `pathPart`. */
export function linkIn(mail: CapturedMail, pathPart: string): string {
  const match = mail.body.match(new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`));
  if (!match) throw new Error(`no link with ${pathPart} in mail:\n${mail.body.slice(0, 2000)}`);
  return match[0];
}
