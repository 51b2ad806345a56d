// One file per server module (apps/server/src/modules/*), plus the shared pieces: common schemas,
// error codes, limits, money and the product's words (copy). Importers use `@fanline/contracts`.
export * from './admin';
export * from './attachments';
export * from './auth';
export * from './browse-limits';
export * from './care';
export * from './common';
export * from './copy';
export * from './creators';
export * from './errors';
export * from './fans';
export * from './health';
export * from './ledger';
export * from './limits';
export * from './messages';
export * from './moderation';
export * from './money';
export * from './notifications';
export * from './payments';
export * from './presence';
export * from './profiles';
export * from './realtime';
export * from './reviews';
export * from './setting-limits';
export * from './settings';
export * from './support';
export * from './verification';
