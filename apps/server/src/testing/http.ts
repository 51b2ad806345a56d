import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_PASSWORD } from './factories';

/** The `name=value` of the session cookie a response sets, for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  // `__Host-fanline_session` when the app's PUBLIC_URL is https (decision 0044).
  const raw = all.find((c) => c.startsWith('fanline_session=') || c.startsWith('__Host-fanline_session='));
  if (!raw) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return raw.split(';')[0] ?? '';
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed ${response.statusCode}: ${response.body}`);
  return sessionCookie(response);
}

export async function whoAmI(app: FastifyInstance, cookie: string): Promise<{ id: string; email: string } | null> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return response.json().user;
}

/** A multipart/form-data body with one file field, as a browser's FormData would send it. */
export function multipartFile(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----fanline${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
