/** What other modules may call of message attachments (issue #13). */
export { checkPendingAttachments, claimAttachments } from './claim-attachments';
export { eraseAttachments } from './erase-attachments';
export { attachmentsByMessage } from './list-attachments';
export { pruneOrphanAttachments } from './prune-attachments';
