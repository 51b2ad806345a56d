// The audit module's front door (ARCHITECTURE §8): every admin change writes one row here, in the change's
// own transaction, whichever module makes the change (admin, moderation, support). It knows no module.
export { eraseFromAudit } from './erase-audit';
export { listAudit } from './list-audit';
export { recordAudit } from './record-audit';
