import { z } from 'zod';

/**
 * The document inside a data export (data.json, decision 0057), version 1. Published as
 * docs/data-export.schema.json (generated from this by `z.toJSONSchema`; a test keeps the two equal and
 * validates a real export against the published file). Amounts are integer cents; times ISO 8601 UTC.
 * Another person appears only as what the owner already saw of them in the product: their username and
 * display name, never their email or id.
 */
const at = z.iso.datetime({ offset: true });
const cents = z.number().int();
const text = z.string();

/** Another person, as the owner saw them in a conversation, a payment or a review. */
const ZParty = z
  .object({ username: text, displayName: text.nullable() })
  .strict()
  .meta({ description: 'Another person, as shown to the owner: never their email or id.' });

/** A file of the owner's inside the zip. */
const ZFileRef = z
  .object({ path: text.meta({ description: 'Path of the file inside the zip.' }), bytes: z.number().int() })
  .strict();

const ZAccount = z
  .object({
    id: z.uuid(),
    email: text,
    emailConfirmedAt: at.nullable(),
    createdAt: at,
    role: z.enum(['fan', 'creator']),
    username: text,
    displayName: text.nullable(),
    bio: text.nullable(),
    avatar: ZFileRef.nullable(),
    cover: ZFileRef.nullable(),
    portfolio: z.array(ZFileRef),
    categories: z.array(text),
    threadsUsername: text.nullable(),
    verifiedOnThreads: z.boolean(),
    timeZone: text.nullable(),
    lastActiveAt: at.nullable(),
  })
  .strict();

const ZSettings = z
  .object({
    notificationPreferences: z
      .object({
        email: z.boolean(),
        push: z.boolean(),
        reminders: z.boolean(),
        emailKinds: z.record(z.string(), z.boolean()),
      })
      .strict(),
    creator: z
      .object({
        messagePriceCents: cents,
        isAvailable: z.boolean(),
        maxOpenMessages: z.number().int().nullable(),
        dailyMessageCap: z.number().int().nullable(),
        vacationUntil: at.nullable(),
        payoutAccount: z
          .object({ connected: z.boolean(), state: z.enum(['incomplete', 'enabled', 'restricted']).nullable() })
          .strict(),
        blockedFans: z.array(z.object({ fan: ZParty, blockedAt: at }).strict()),
      })
      .strict()
      .nullable()
      .meta({ description: 'Only for creators.' }),
  })
  .strict();

const ZAttachment = z
  .object({
    id: z.uuid(),
    part: z.enum(['message', 'response']),
    uploadedBy: z.enum(['me', 'them']),
    file: ZFileRef.nullable().meta({ description: 'The image itself, for images the owner uploaded.' }),
  })
  .strict();

const ZMessage = z
  .object({
    id: z.uuid(),
    from: z.enum(['me', 'them']),
    content: text,
    amountCents: cents,
    status: z.enum(['pending', 'sent', 'responded', 'refunded', 'cancelled']),
    isFollowup: z.boolean(),
    createdAt: at,
    paidAt: at.nullable(),
    expiresAt: at.nullable(),
    reply: z
      .object({ from: z.enum(['me', 'them']), content: text, at: at.nullable() })
      .strict()
      .nullable(),
    declined: z.object({ reason: text.nullable(), note: text.nullable(), at: at }).strict().nullable(),
    attachments: z.array(ZAttachment),
  })
  .strict();

const ZConversation = z
  .object({
    id: z.uuid(),
    myRole: z.enum(['fan', 'creator']),
    otherParty: ZParty,
    messages: z.array(ZMessage),
  })
  .strict();

const ZPayment = z
  .object({
    id: z.uuid(),
    messageId: z.uuid().nullable(),
    creator: ZParty,
    amountCents: cents,
    status: z.enum(['pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed']),
    refundStatus: z.enum(['pending', 'succeeded', 'failed']).nullable(),
    createdAt: at,
  })
  .strict();

const ZEarning = z
  .object({
    id: z.uuid(),
    messageId: z.uuid(),
    payoutId: z.uuid().nullable(),
    amountCents: cents,
    commissionCents: cents,
    totalCents: cents,
    status: text,
    createdAt: at,
  })
  .strict();

const ZPayout = z
  .object({
    id: z.uuid(),
    amountCents: cents,
    status: z.enum(['pending', 'in_transit', 'paid', 'failed']),
    failureReason: text.nullable(),
    createdAt: at,
  })
  .strict();

const ZLedgerEntry = z
  .object({
    id: z.uuid(),
    transactionId: z.uuid(),
    account: text,
    amountCents: cents,
    kind: text,
    paymentId: z.uuid().nullable(),
    payoutId: z.uuid().nullable(),
    createdAt: at,
  })
  .strict();

const ZReview = z
  .object({
    id: z.uuid(),
    rating: z.number().int().min(1).max(5),
    title: text.nullable(),
    message: text.nullable(),
    creatorResponse: text.nullable(),
    creatorResponseAt: at.nullable(),
    createdAt: at,
  })
  .strict();

const ZNotification = z
  .object({
    id: z.uuid(),
    type: text,
    title: text,
    body: text,
    isRead: z.boolean(),
    createdAt: at,
  })
  .strict();

export const ZDataExportDocument = z
  .object({
    format: z.literal('fanline-data-export'),
    version: z.literal(1),
    exportedAt: at,
    account: ZAccount,
    settings: ZSettings,
    conversations: z.array(ZConversation),
    payments: z.array(ZPayment).meta({ description: 'Payments the owner made for their messages.' }),
    earnings: z.array(ZEarning).meta({ description: "A creator's earnings, one per answered paid message." }),
    payouts: z.array(ZPayout),
    ledgerEntries: z
      .array(ZLedgerEntry)
      .meta({ description: "Entries of the owner's own ledger accounts (creator_payable:<id> and the like)." }),
    reviews: z
      .object({
        written: z.array(ZReview.extend({ creator: ZParty }).strict()),
        received: z.array(ZReview.extend({ author: ZParty }).strict()),
      })
      .strict(),
    notifications: z.array(ZNotification),
    files: z.array(
      ZFileRef.extend({ kind: z.enum(['avatar', 'cover', 'portfolio', 'attachment']), contentType: text }).strict(),
    ),
  })
  .strict()
  .meta({
    title: 'Fanline data export',
    description: 'data.json inside the zip of "Download my data" (decision 0057).',
  });

export type TDataExportDocument = z.output<typeof ZDataExportDocument>;

/** The published JSON Schema (draft 2020-12) of the document. */
export function dataExportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ZDataExportDocument, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
