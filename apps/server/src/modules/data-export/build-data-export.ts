import { DATA_EXPORT_DAYS } from '@fanline/contracts';
import { and, eq } from 'drizzle-orm';
import { type Zippable, zipSync } from 'fflate';
import { z } from 'zod';
import { dataExports } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { contentTypeOf, readAll } from '../../platform/storage';
import { defineEffect, enqueueEffects } from '../outbox';
import { collectAccount } from './collect-account';
import { collectConversations, collectMoney, collectReviewsAndNotifications } from './collect-activity';
import { type TDataExportDocument, ZDataExportDocument } from './export-document';
import { dataExportMailEffect } from './mail-data-export';

const DAY_MS = 86_400_000;

/**
 * Builds one export (decision 0057), written in the request's transaction and carried out by the outbox:
 * a crash mid-way leaves the row pending and another instance builds it again once the lease ends. The
 * zip goes to the key chosen when it was asked for, so a second build overwrites the first; the row
 * turns ready (and the mail is written) only while it is still preparing, in one transaction, so the
 * person is mailed once however often the build ran.
 */
export const dataExportBuildDefinition = defineEffect('data-export-build', z.object({ exportId: z.uuid() }));

export const dataExportBuildEffect = (exportId: string) =>
  dataExportBuildDefinition.make(`data-export-build:${exportId}`, { exportId });

const README = `Your Fanline data
=================

data.json holds everything Fanline keeps about you: your account and settings, your conversations
(each with the other person shown as you saw them: username and display name), the payments you made,
your earnings, payouts and ledger entries as a creator, the reviews you wrote and received, and your
notifications. Amounts are in cents (US dollars); times are UTC.

files/ holds the images you uploaded: your profile pictures and the images you sent in messages.

The format of data.json is published as a JSON Schema (docs/data-export.schema.json in Fanline's
repository; format "fanline-data-export", version 1).
`;

export async function buildDataExport(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'outbox'>,
  payload: { exportId: string },
): Promise<void> {
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, payload.exportId));
  if (row?.status !== 'preparing') return;
  const now = ctx.clock.now();
  const account = await collectAccount(ctx, row.userId);
  if (!account) return;
  const conversations = await collectConversations(ctx, row.userId);
  const money = await collectMoney(ctx, row.userId);
  const rest = await collectReviewsAndNotifications(ctx, row.userId);

  const entries: Zippable = {};
  const listed: TDataExportDocument['files'] = [];
  const sizes = new Map<string, number>();
  for (const file of [...account.files, ...conversations.files]) {
    const object = await ctx.storage.get(file.key);
    // A file gone from storage (removed by hand, lost in a move) is left out rather than failing the copy.
    if (!object) continue;
    const bytes = await readAll(object.body);
    // Images are compressed already: stored as they are.
    entries[file.path] = [new Uint8Array(bytes), { level: 0, mtime: now }];
    sizes.set(file.path, bytes.length);
    listed.push({ path: file.path, bytes: bytes.length, kind: file.kind, contentType: contentTypeOf(file.key) });
  }
  // A reference names a file that is in the zip, with its size, or is null.
  const sized = (ref: { path: string } | null) => {
    const bytes = ref ? sizes.get(ref.path) : undefined;
    return ref && bytes !== undefined ? { path: ref.path, bytes } : null;
  };
  const document = ZDataExportDocument.parse({
    format: 'fanline-data-export',
    version: 1,
    exportedAt: now.toISOString(),
    account: {
      ...account.account,
      avatar: sized(account.account.avatar),
      cover: sized(account.account.cover),
      portfolio: account.account.portfolio.map(sized).filter((ref) => ref !== null),
    },
    settings: account.settings,
    conversations: conversations.conversations,
    ...money,
    ...rest,
    files: listed,
  } satisfies TDataExportDocument);
  entries['data.json'] = [new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`), { mtime: now }];
  entries['README.txt'] = [new TextEncoder().encode(README), { mtime: now }];
  const zip = Buffer.from(zipSync(entries, { level: 6 }));
  await ctx.storage.put(row.objectKey, zip, 'application/zip');

  const keys = await ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        bytes: zip.length,
        readyAt: now,
        expiresAt: new Date(now.getTime() + DATA_EXPORT_DAYS * DAY_MS),
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'preparing')))
      .returning({ id: dataExports.id });
    return done.length > 0 ? enqueueEffects(tx, [dataExportMailEffect(row.id)], now) : [];
  });
  await ctx.outbox.carryOut(keys);
}
