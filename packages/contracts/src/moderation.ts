import { z } from 'zod';
import { ZAdminPage, ZAdminPageQuery } from './admin-page';
import { ZText, ZTimestamp, ZUuid } from './common';
import { LIMITS } from './limits';

// modules/moderation: reports and the moderation queue (spec §2 Moderation, §3 content_moderation, ARCHITECTURE §8).

export const REPORT_TARGETS = ['message', 'reply'] as const;

export const ZReportRequest = z.object({
  target: z.enum(REPORT_TARGETS),
  reason: ZText.trim()
    .min(LIMITS.reportReason.min, `Please tell us what is wrong (at least ${LIMITS.reportReason.min} characters)`)
    .max(LIMITS.reportReason.max, `Reason must be at most ${LIMITS.reportReason.max} characters`),
});

export type TReportRequest = z.infer<typeof ZReportRequest>;

/** Issue #13: the fan flags a paid reply as "not an answer" within the window (LIMITS.notAnAnswerWindowHours). */
export const ZNotAnAnswerRequest = z.object({
  reason: ZText.trim()
    .min(
      LIMITS.notAnAnswerReason.min,
      `Please tell us why this does not answer your message (at least ${LIMITS.notAnAnswerReason.min} characters)`,
    )
    .max(LIMITS.notAnAnswerReason.max, `Reason must be at most ${LIMITS.notAnAnswerReason.max} characters`),
});

export type TNotAnAnswerRequest = z.infer<typeof ZNotAnAnswerRequest>;

/** Until when a reply sent at `respondedAt` may be flagged "not an answer"; its earning is payable after it. */
export const notAnAnswerDeadline = (respondedAt: Date | string) =>
  new Date(new Date(respondedAt).getTime() + LIMITS.notAnAnswerWindowHours * 3_600_000);

/** The report kind a "not an answer" flag is stored as in the moderation queue. */
export const NOT_AN_ANSWER_KIND = 'not_an_answer';

/** A flag's state as the two parties see it on the message. */
export const ZReplyFlag = z.object({
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  createdAt: ZTimestamp,
});

export const MODERATION_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;

export type TModerationFilter = (typeof MODERATION_FILTERS)[number];

export const MODERATION_PREVIEW_LENGTH = 100;

export const ZModerationQuery = ZAdminPageQuery.extend({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(MODERATION_FILTERS).default('all'),
});

const ZPerson = z.object({ id: ZUuid, username: z.string(), displayName: z.string().nullable() }).nullable();

export const ZModerationItem = z.object({
  id: ZUuid,
  contentType: z.string(),
  contentId: ZUuid,
  /** The reported text, whole (null when it no longer exists: 'Content not available'). */
  content: z.string().nullable(),
  /** A "not an answer" flag: the fan's paid message the flagged reply answered (thread context); null otherwise. */
  question: z.string().nullable(),
  /** 100 characters plus an ellipsis (spec §9). */
  preview: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  moderatorNotes: z.string().nullable(),
  reporter: ZPerson,
  reportedUser: ZPerson,
  moderatorEmail: z.string().nullable(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});

export type TModerationItem = z.input<typeof ZModerationItem>;

export const ZModerationResponse = ZAdminPage.extend({
  items: z.array(ZModerationItem),
  stats: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
});

export type TModerationResponse = z.input<typeof ZModerationResponse>;

export const ZModerationReview = z.object({
  decision: z.enum(['approve', 'reject']),
  notes: ZText.trim()
    .max(LIMITS.moderationNotes.max, `Notes must be at most ${LIMITS.moderationNotes.max} characters`)
    .optional(),
});

export type TModerationReview = z.infer<typeof ZModerationReview>;
