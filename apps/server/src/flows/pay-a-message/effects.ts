import { z } from 'zod';
import { defineEffect } from '../../modules/outbox';

// What a paid message going live leaves for after its commit (decision 0022), written by the flow's
// statement (confirm-statements.ts) and carried out by the app's handler table (flows/effects.ts).

const id = z.string().min(1);

/** Moderation's automatic check of the new message's text. */
export const autoFlagDefinition = defineEffect('auto-flag', z.object({ id, content: z.string() }));

/** The creator's mail about the new paid message (mailCreatorAboutNewMessage). */
export const mailNewMessageDefinition = defineEffect(
  'mail-new-message',
  z.object({
    creatorId: id,
    senderName: z.string(),
    message: z.object({ id, content: z.string(), amount: z.number().int() }),
  }),
);
