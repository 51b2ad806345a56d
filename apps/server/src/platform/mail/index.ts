/** Branded mail (issue 26): every template, its catalog of samples, and the one renderer. */
export {
  type CatalogEntry,
  MAIL_CATALOG,
  MAIL_TEMPLATE_IDS,
  type MailChannel,
  type MailKind,
  type MailTemplateId,
  SECURITY_MAIL_KINDS,
  type SecurityMailKind,
  sampleUnsubscribeUrl,
} from './catalog';
export { BRAND, type MailContent, type MailFrame, type RenderedMail, renderMail } from './layout';
export * from './templates';
