import { CONTACT_MESSAGES, type ZContactRequest } from '@fanline/contracts';
import type { z } from 'zod';
import { contactMessages } from '../../db/schema';
import { clientKey } from '../../platform/client-key';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { countAttempt } from '../../platform/rate-limit';

/**
 * Contact messages one sender may leave per window: per address, and per email from anywhere (so a
 * script cannot fill the inbox by rotating either one). Generous for a person, small for a flood.
 */
export const CONTACT_LIMITS_PER_HOUR = { perAddress: 5, perEmail: 5 } as const;
const WINDOW_MS = 60 * 60_000;

/** Counts one submission and refuses it (429) over either limit, as the other public forms do. */
export async function limitContactMessages(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { ip: string; email: string },
): Promise<void> {
  const { db, clock } = ctx;
  // An IPv6 client counts as its /64 (security review F1).
  const ip = clientKey(opts.ip);
  const normalized = opts.email.trim().toLowerCase();
  const byAddress = await countAttempt({ db, clock, key: `contact:ip:${ip}`, windowMs: WINDOW_MS });
  const byEmail = await countAttempt({ db, clock, key: `contact:email:${normalized}`, windowMs: WINDOW_MS });
  if (byAddress > CONTACT_LIMITS_PER_HOUR.perAddress || byEmail > CONTACT_LIMITS_PER_HOUR.perEmail)
    throw new AppError('RATE_LIMITED', CONTACT_MESSAGES.tooMany);
}

/** Keeps a contact-form submission for the admin support inbox (spec §2 Support, issue #12). */
export async function submitContactMessage(
  app: Pick<AppContext, 'db' | 'clock'>,
  input: z.output<typeof ZContactRequest>,
): Promise<{ id: string }> {
  const [row] = await app.db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      subject: input.subject,
      message: input.message,
      status: 'open',
      createdAt: app.clock.now(),
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new AppError('INTERNAL', 'The message could not be kept.');
  return row;
}
