import { z } from 'zod';
import { ZTimestamp } from './common';

// modules/data-export (issue 41 point 1, decision 0057): "Download my data". The state the settings
// page shows, and the document inside the zip (published as docs/data-export.schema.json).

/** How long a ready export can be downloaded, from the moment it is ready. */
export const DATA_EXPORT_DAYS = 7;

export const DATA_EXPORT_MESSAGES = {
  title: 'Your data',
  intro:
    'Download a copy of everything Fanline holds about you: your account and settings, your conversations, payments, earnings and payouts, reviews, notifications, and the images you uploaded.',
  request: 'Download my data',
  preparing: 'We are preparing your data. This page shows the download when it is ready, and we email you a link.',
  ready: `Your data is ready. The download works for ${DATA_EXPORT_DAYS} days and only when you are signed in.`,
  download: 'Download (zip)',
  expired: 'Your last download has expired. Ask for a new copy whenever you like.',
  again: 'Ask for a new copy',
  alreadyPreparing: 'Your data is already being prepared. You can ask again once it is ready.',
  linkExpired: 'This download has expired. Ask for a new copy of your data in your settings.',
  notFound: 'Download not found',
  failed: 'Could not ask for your data. Please try again.',
} as const;

export const DATA_EXPORT_STATUSES = ['preparing', 'ready', 'expired'] as const;

/** GET/POST /api/me/data-export: the person's latest export, or `none`. */
export const ZDataExportState = z.discriminatedUnion('status', [
  z.object({ status: z.literal('none') }),
  z.object({
    status: z.enum(DATA_EXPORT_STATUSES),
    id: z.uuid(),
    requestedAt: ZTimestamp,
    readyAt: ZTimestamp.nullable(),
    expiresAt: ZTimestamp.nullable(),
    bytes: z.number().int().nonnegative().nullable(),
    /** Only while ready: the owner's signed-in download. */
    downloadUrl: z.string().nullable(),
  }),
]);
export type TDataExportState = z.output<typeof ZDataExportState>;
