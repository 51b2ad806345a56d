import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { dataExportJsonSchema } from './export-document';

// The published schema (docs/data-export.schema.json) is the one the server builds exports against:
// regenerate it with `UPDATE_DATA_EXPORT_SCHEMA=1 npx vitest run apps/server/src/modules/data-export/export-document.test.ts`
// and `npx biome format --write docs/data-export.schema.json` (compared as JSON, not as text).
const PUBLISHED = path.resolve(import.meta.dirname, '../../../../../docs/data-export.schema.json');

test('docs/data-export.schema.json is the schema of the document the server writes', () => {
  const generated = dataExportJsonSchema();
  if (process.env.UPDATE_DATA_EXPORT_SCHEMA) fs.writeFileSync(PUBLISHED, `${JSON.stringify(generated, null, 2)}\n`);
  expect(JSON.parse(fs.readFileSync(PUBLISHED, 'utf8'))).toEqual(generated);
});

test("the schema refuses what an export must never hold: an unknown field (another person's email)", () => {
  const schema = dataExportJsonSchema() as {
    properties: Record<string, { $ref?: string; additionalProperties?: unknown }>;
  };
  expect(schema.properties.account?.additionalProperties).toBe(false);
});
