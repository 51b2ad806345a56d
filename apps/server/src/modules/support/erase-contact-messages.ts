import { sql } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * Erasure (decision 0058): the support requests sent from the person's address keep their date and
 * status (the inbox's history) but lose who wrote them and what they wrote.
 */
export async function eraseContactMessages(
  tx: Db,
  opts: { email: string; replacementEmail: string; replacementName: string },
): Promise<void> {
  await tx
    .update(contactMessages)
    .set({
      name: opts.replacementName,
      email: opts.replacementEmail,
      subject: 'Erased',
      message: 'This message was erased when its sender closed their account.',
    })
    .where(sql`lower(${contactMessages.email}) = ${opts.email.trim().toLowerCase()}`);
}
