import { z } from 'zod';
import { ZAdminPage, ZAdminPageQuery } from './admin-page';
import { ZText, ZTimestamp, ZUuid } from './common';

// The contact form of /support (spec §2 Support, §5 "all four fields required, email type checked")
// and the admin support inbox (issue #12). The web form and the server validate with the same schema.

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 2000 } as const;

export const ZContactRequest = z.object({
  name: ZText.trim()
    .min(1, 'Please enter your name.')
    .max(CONTACT_LIMITS.name, 'Please keep your name under 100 characters.'),
  email: ZText.trim()
    .min(1, 'Please enter your email address.')
    .max(CONTACT_LIMITS.email, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  subject: ZText.trim()
    .min(1, 'Please enter a subject.')
    .max(CONTACT_LIMITS.subject, 'Please keep the subject under 150 characters.'),
  message: ZText.trim()
    .min(1, 'Please enter a message.')
    .max(CONTACT_LIMITS.message, 'Please keep your message under 2,000 characters.'),
});
export type TContactRequest = z.input<typeof ZContactRequest>;

export const CONTACT_MESSAGES = {
  received: 'Thanks! Your message has been received.',
  /** What really happens next: a person reads it in the admin inbox and answers from the team's mailbox. */
  nextStep: (email: string) => `Our support team will reply by email to ${email}.`,
  tooMany: 'You have sent several messages in a short time. Please wait a little before sending another.',
} as const;

export const SUPPORT_FILTERS = ['all', 'open', 'handled'] as const;
export type TSupportFilter = (typeof SUPPORT_FILTERS)[number];

export const ZSupportQuery = ZAdminPageQuery.extend({
  search: ZText.trim().max(100).optional(),
  filter: z.enum(SUPPORT_FILTERS).default('all'),
});

export const ZContactMessage = z.object({
  id: ZUuid,
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(['open', 'handled']),
  handledByEmail: z.string().nullable(),
  handledAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
});
export type TContactMessage = z.input<typeof ZContactMessage>;

export const ZSupportResponse = ZAdminPage.extend({
  items: z.array(ZContactMessage),
  stats: z.object({ total: z.number().int(), open: z.number().int(), handled: z.number().int() }),
});
export type TSupportResponse = z.input<typeof ZSupportResponse>;

export const ZSupportHandled = z.object({ status: z.literal('handled'), already: z.boolean() });
export type TSupportHandled = z.input<typeof ZSupportHandled>;
