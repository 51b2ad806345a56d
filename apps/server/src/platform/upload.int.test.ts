import { UPLOAD_MESSAGES } from '@fanline/contracts';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { createCreator, multipartFile, signIn, useTestApp } from '../testing';

// Security review N8: the upload routes took any multipart field name and more than one file. The
// API documents exactly one part, a file named "file".
const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000' } });

const ROUTES = ['/api/profile/me/avatar', '/api/profile/me/cover', '/api/profile/me/portfolio', '/api/attachments'];
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** A multipart body with the given parts, as a hand-made client (or a fuzzer) would send it. */
function multipart(
  parts: Array<{ name: string; file?: { name: string; type: string; bytes: Buffer }; value?: string }>,
) {
  const boundary = `----fanline${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.file.name}"\r\nContent-Type: ${part.file.type}`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(part.file ? part.file.bytes : Buffer.from(part.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('uploads take exactly one part named "file"', () => {
  test('another field name, two files, or an extra field: 400 saying so, on every upload route', async () => {
    const creator = await createCreator(t.database.db);
    const cookie = await signIn(t.app, creator.email ?? '');
    const bytes = await png();
    const file = { name: 'a.png', type: 'image/png', bytes };
    const bodies = {
      'field "other"': multipart([{ name: 'other', file }]),
      'two files': multipart([
        { name: 'file', file },
        { name: 'file', file },
      ]),
      'a file and a second file field': multipart([
        { name: 'file', file },
        { name: 'extra', file },
      ]),
      'a text field first': multipart([
        { name: 'caption', value: 'hi' },
        { name: 'file', file },
      ]),
    };
    for (const url of ROUTES) {
      for (const [label, body] of Object.entries(bodies)) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie, ...body.headers },
          payload: body.payload,
        });
        expect(response.statusCode, `${url} ${label}: ${response.body}`).toBe(400);
        expect(response.json().error.message).toBe(UPLOAD_MESSAGES.onePart);
      }
      const one = multipartFile('file', 'a.png', 'image/png', bytes);
      const ok = await t.app.inject({ method: 'POST', url, headers: { cookie, ...one.headers }, payload: one.payload });
      expect([200, 201], `${url}: ${ok.body}`).toContain(ok.statusCode);
    }
  });
});
