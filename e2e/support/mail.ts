import fs from 'node:fs';
import path from 'node:path';
import { server } from './server';

interface Mail {
  to: string[];
  body: string;
}

/**
 * Waits for the server to mail `to` (the run's SMTP capture writes each mail to a file) and returns it:
 * the newest, or the newest whose body contains `containing`.
 */
export async function waitForMail(to: string, timeoutMs = 10_000, containing?: string): Promise<Mail> {
  const dir = server().mailDir;
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of fs.readdirSync(dir).sort().reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Mail;
      if (mail.to.includes(address) && (!containing || mail.body.includes(containing))) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** The first link in the mail whose URL contains `pathPart`, e.g. '/auth/confirm#token='. */
export function linkFrom(mail: Mail, pathPart: string): string {
  const escaped = pathPart.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = mail.body.match(new RegExp(`https?://[^\\s"<>]*${escaped}[^\\s"<>]*`));
  if (!match) throw new Error(`no link with ${pathPart} in the mail`);
  return match[0];
}

/** The one-time token of a mailed link: in its fragment (`#token=…`), which browsers never send (issue 42). */
export function linkToken(link: string): string | null {
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token');
}
