import { z } from 'zod';

// modules/attachments: images sent with a paid message, a reply or a follow-up.

/** Issue #13: up to 3 images per paid message, reply or follow-up, uploaded first (POST /api/attachments). */
export const MAX_ATTACHMENTS = 3;

export const ZAttachmentIds = z.array(z.uuid()).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} images.`);

/** One stored image: `url` is served only to the two parties and admins. `part` says whose text it goes with. */
export const ZAttachment = z.object({
  id: z.uuid(),
  url: z.string(),
  part: z.enum(['message', 'response']),
  width: z.number().int(),
  height: z.number().int(),
});

export type TAttachment = z.input<typeof ZAttachment>;
