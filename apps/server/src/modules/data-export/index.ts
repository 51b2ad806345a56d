// The data-export module's front door (issue 41 point 1, decision 0057): a person's copy of their data,
// built by an outbox effect into a zip in object storage, mailed, and downloadable by them for 7 days.
export { buildDataExport, dataExportBuildDefinition } from './build-data-export';
export { eraseDataExports } from './erase-data-exports';
export { expireDataExports } from './expire-data-exports';
export { dataExportJsonSchema, type TDataExportDocument, ZDataExportDocument } from './export-document';
export { dataExportMailDefinition, mailDataExport } from './mail-data-export';
