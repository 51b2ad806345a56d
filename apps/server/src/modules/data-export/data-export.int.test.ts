import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { dataExports } from '../../db/schema';
import { runJobsOnce } from '../../jobs/run-jobs';
import {
  createUser,
  journeyWithUploads,
  SAMPLE_MESSAGE,
  sendPaidMessage,
  signIn,
  TEST_PASSWORD,
  testPng,
  uploadFile,
  useTestApp,
} from '../../testing';

// Issue 41 point 1 (decision 0057): "Download my data" through HTTP on a real database, the zip read
// back and its data.json validated against the JSON Schema published in docs/.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
const SCHEMA = path.resolve(import.meta.dirname, '../../../../../docs/data-export.schema.json');
const DAY = 86_400_000;

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(fs.readFileSync(SCHEMA, 'utf8')));

type Files = Record<string, Uint8Array>;
const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes ?? new Uint8Array());
/** Every entry of the zip as text (images included, byte for byte): what "appears nowhere" is checked on. */
const allText = (files: Files) => Object.values(files).map(decode).join('\n');

/** Asks for the export, follows it to ready, and downloads it: what the settings page does. */
async function exportOf(cookie: string) {
  const asked = await t.post('/api/me/data-export', cookie);
  expect(asked.statusCode, asked.body).toBe(202);
  const state = (await t.get('/api/me/data-export', cookie)).json();
  expect(state).toMatchObject({ status: 'ready', id: asked.json().id });
  expect(state.downloadUrl).toBe(`/api/me/data-export/${state.id}/download`);
  const download = await t.get(state.downloadUrl, cookie);
  expect(download.statusCode, download.body).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  expect(download.headers['cache-control']).toBe('private, no-store');
  expect(download.headers['content-disposition']).toMatch(
    /^attachment; filename="fanline-data-[\w.]+-\d{4}-\d\d-\d\d\.zip"$/,
  );
  const files = unzipSync(new Uint8Array(download.rawPayload));
  const data = JSON.parse(decode(files['data.json']));
  return { id: state.id as string, url: state.downloadUrl as string, files, data };
}

describe('Download my data (issue 41 point 1)', () => {
  test("the fan's zip holds their data and images, validates against the schema, and no other person's email", async () => {
    const world = await journeyWithUploads(t.app, t.database.db);
    const { fan, creator, fanCookie, creatorCookie, messageId, fanImageId, replyImageId } = world;
    // Another fan of the same creator: nothing of theirs may reach the first fan's copy.
    const other = await createUser(t.database.db);
    const otherCookie = await signIn(t.app, other.email ?? '', TEST_PASSWORD);
    await sendPaidMessage(t.app, otherCookie, creator.id, 'A question from the other fan about trail shoes.');
    expect(
      (await uploadFile(t.app, '/api/profile/me/avatar', fanCookie, await testPng({ r: 1, g: 2, b: 3 }))).statusCode,
    ).toBe(200);
    const review = await t.post('/api/reviews', fanCookie, {
      creatorId: creator.id,
      conversationId: messageId,
      rating: 4,
      title: 'Helpful',
      message: 'Clear and kind answer, thank you.',
    });
    expect(review.statusCode, review.body).toBe(201);

    const { files, data } = await exportOf(fanCookie);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data.account).toMatchObject({ id: fan.id, email: fan.email, role: 'fan', username: fan.username });
    const [conversation] = data.conversations;
    expect(data.conversations).toHaveLength(1);
    expect(conversation.myRole).toBe('fan');
    expect(conversation.otherParty).toEqual({ username: creator.username, displayName: creator.displayName });
    const [message] = conversation.messages;
    expect(message).toMatchObject({ id: messageId, from: 'me', content: SAMPLE_MESSAGE, status: 'responded' });
    expect(message.reply.from).toBe('them');
    // Their own image is in the zip; the creator's reply image is listed, not copied.
    const mine = message.attachments.find((a: { id: string }) => a.id === fanImageId);
    expect(mine).toMatchObject({ uploadedBy: 'me', part: 'message' });
    expect(files[mine.file.path]?.length).toBe(mine.file.bytes);
    expect(message.attachments.find((a: { id: string }) => a.id === replyImageId)).toMatchObject({
      uploadedBy: 'them',
      file: null,
    });
    expect(files[data.account.avatar.path]?.length).toBeGreaterThan(0);
    expect(data.payments).toEqual([
      expect.objectContaining({ messageId, amountCents: 2500, status: 'succeeded', creator: conversation.otherParty }),
    ]);
    expect(data.reviews.written).toEqual([expect.objectContaining({ rating: 4, title: 'Helpful' })]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(files['README.txt']).toBeDefined();

    const everything = allText(files);
    expect(everything).toContain(fan.email);
    for (const stranger of [other.email ?? '', other.username, other.id, creator.email ?? '', creator.id]) {
      expect(everything).not.toContain(stranger);
    }
    // The ready mail went to the owner, linking the page that offers the download.
    const mail = t.app.mailer.outbox().find((m) => m.to === fan.email && m.kind === 'data-export');
    expect(mail?.text).toContain(`${t.config.publicUrl}/profile?tab=security`);
    expect(mail?.headers?.['List-Unsubscribe']).toBeUndefined();
    expect(creatorCookie).toBeTruthy();
  });

  test("the creator's zip holds both fans' messages, earnings and ledger entries, and neither fan's email", async () => {
    const world = await journeyWithUploads(t.app, t.database.db);
    const { fan, creator, creatorCookie } = world;
    const other = await createUser(t.database.db);
    await sendPaidMessage(t.app, await signIn(t.app, other.email ?? ''), creator.id);

    const { files, data } = await exportOf(creatorCookie);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data.account).toMatchObject({ role: 'creator', email: creator.email });
    expect(data.settings.creator).toMatchObject({ messagePriceCents: 2500, blockedFans: [] });
    expect(data.conversations.map((c: { otherParty: { username: string } }) => c.otherParty.username).sort()).toEqual(
      [fan.username, other.username].sort(),
    );
    expect(data.conversations.every((c: { myRole: string }) => c.myRole === 'creator')).toBe(true);
    expect(data.earnings).toHaveLength(1);
    expect(data.ledgerEntries.length).toBeGreaterThan(0);
    expect(data.ledgerEntries.every((e: { account: string }) => e.account.endsWith(`:${creator.id}`))).toBe(true);
    expect(data.account.portfolio).toHaveLength(1);
    expect(data.files.map((f: { kind: string }) => f.kind).sort()).toEqual(['attachment', 'avatar', 'portfolio']);

    const everything = allText(files);
    for (const email of [fan.email ?? '', other.email ?? '']) expect(everything).not.toContain(email);
  });

  test('the link refuses another user (404), a guest (401), and once expired (4xx, then swept from storage)', async () => {
    const owner = await createUser(t.database.db);
    const ownerCookie = await signIn(t.app, owner.email ?? '');
    const { id, url } = await exportOf(ownerCookie);

    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(t.app, stranger.email ?? '');
    const refused = await t.get(url, strangerCookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('Download not found');
    expect((await t.get(url)).statusCode).toBe(401);
    expect((await t.get('/api/me/data-export', strangerCookie)).json()).toEqual({ status: 'none' });

    t.clock.advance(7 * DAY - 60_000);
    expect((await t.get(url, ownerCookie)).statusCode).toBe(200);
    t.clock.advance(60_000);
    const expired = await t.get(url, ownerCookie);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({
      code: 'LINK_EXPIRED',
      message: 'This download has expired. Ask for a new copy of your data in your settings.',
    });
    expect((await t.get('/api/me/data-export', ownerCookie)).json()).toMatchObject({
      status: 'expired',
      downloadUrl: null,
    });

    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(await t.app.storage.stat(row?.objectKey ?? '')).not.toBeNull();
    await runJobsOnce(t.app);
    const [swept] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(swept?.status).toBe('expired');
    expect(await t.app.storage.stat(row?.objectKey ?? '')).toBeNull();
    expect((await t.get(url, ownerCookie)).statusCode).toBe(400);
    // A new copy can be asked for at once.
    expect((await t.post('/api/me/data-export', ownerCookie)).statusCode).toBe(202);
  });

  test('one export in preparation at a time: a second request is refused with 409', async () => {
    const person = await createUser(t.database.db);
    const cookie = await signIn(t.app, person.email ?? '');
    // An export still being built (its effect not yet carried out).
    await t.database.db
      .insert(dataExports)
      .values({ userId: person.id, objectKey: `private/exports/${person.id}.zip`, createdAt: t.clock.now() });
    expect((await t.get('/api/me/data-export', cookie)).json()).toMatchObject({
      status: 'preparing',
      downloadUrl: null,
    });
    const again = await t.post('/api/me/data-export', cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Your data is already being prepared. You can ask again once it is ready.');
    expect((await t.post('/api/me/data-export')).statusCode).toBe(401);
  });
});
