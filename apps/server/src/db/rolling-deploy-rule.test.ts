// The migration rule for rolling deploys (issue 27 point 7, docs/operations.md section 5): the real
// unreleased migrations pass, and the check fails on a migration that takes away what the released
// code still reads.
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../platform/db';
import {
  checkUnreleasedMigrations,
  explainViolations,
  findDestructiveChanges,
  type ReleasedSchema,
  readMigrationState,
} from './rolling-deploy-rule';

const released: ReleasedSchema = new Map([
  [
    'profiles',
    new Map([
      ['id', { hasDefault: true }],
      ['bio', { hasDefault: false }],
      ['message_price', { hasDefault: true }],
    ]),
  ],
  ['messages', new Map([['id', { hasDefault: true }]])],
]);
const check = (sql: string) => checkUnreleasedMigrations(released, [{ tag: '0099_fabricated', sql }]);

describe('the migration rule for rolling deploys', () => {
  it('passes every migration after the last released one (released.json)', () => {
    const state = readMigrationState(MIGRATIONS_DIR);
    const violations = checkUnreleasedMigrations(state.released, state.unreleased);
    expect(violations, explainViolations(violations, state.lastReleased)).toEqual([]);
  });

  it('knows the released schema from the snapshot the marker points at', () => {
    const state = readMigrationState(MIGRATIONS_DIR);
    expect(state.released.get('profiles')?.has('username')).toBe(true);
    expect(state.released.get('messages')?.has('conversation_id')).toBe(true);
  });

  it('would have failed 0020 (a dropped column) had 0019 been the last release', () => {
    const state = readMigrationState(MIGRATIONS_DIR, '0019_conversation_summaries_content');
    const violations = checkUnreleasedMigrations(state.released, state.unreleased);
    expect(violations).toMatchObject([
      {
        migration: '0020_conversation_summaries_drop_unanswered',
        kind: 'drop column',
        table: 'conversation_summaries',
        column: 'unanswered_count',
      },
    ]);
  });

  it('fails a migration that drops a column the released code reads, and says what to do instead', () => {
    const violations = check('ALTER TABLE "profiles" DROP COLUMN "bio";');
    expect(violations).toMatchObject([{ kind: 'drop column', table: 'profiles', column: 'bio' }]);
    const message = explainViolations(violations, '0027_push_subscriptions');
    expect(message).toContain('0099_fabricated: drop column of column profiles.bio');
    expect(message).toMatch(/EXPAND.*MIGRATE.*CONTRACT/s);
  });

  it('passes a migration that drops a column the released schema does not have', () => {
    expect(
      check('ALTER TABLE "profiles" ADD COLUMN "tagline" text;\nALTER TABLE "profiles" DROP COLUMN "tagline";'),
    ).toEqual([]);
    expect(check('ALTER TABLE "profiles" DROP COLUMN "never_released";')).toEqual([]);
  });

  it('fails renames, dropped tables, type changes and NOT NULL without a default on released columns', () => {
    const sql = [
      'ALTER TABLE "profiles" RENAME COLUMN "bio" TO "about";',
      'ALTER TABLE public.messages RENAME TO letters;',
      'DROP TABLE IF EXISTS "messages" CASCADE;',
      'ALTER TABLE "profiles" ALTER COLUMN "message_price" SET DATA TYPE bigint;',
      'ALTER TABLE profiles ALTER COLUMN bio SET NOT NULL;',
      'ALTER TABLE "profiles" ADD COLUMN "country" text NOT NULL;',
    ].join('--> statement-breakpoint\n');
    expect(check(sql).map((v) => `${v.kind} ${v.table}${v.column ? `.${v.column}` : ''}`)).toEqual([
      'rename column profiles.bio',
      'rename table messages',
      'drop table messages',
      'change type profiles.message_price',
      'set not null profiles.bio',
      'add required column profiles.country',
    ]);
  });

  it('passes what the released code tolerates', () => {
    const sql = [
      // additive: a new table (like 0028), a nullable column, a NOT NULL column with a default
      'CREATE TABLE "reactions" ("id" uuid PRIMARY KEY, "note" text NOT NULL);',
      'ALTER TABLE "profiles" ADD COLUMN "tagline" text, ADD COLUMN "score" integer DEFAULT 0 NOT NULL;',
      // a NOT NULL on a column that has a default (released) or gets one first
      'ALTER TABLE "profiles" ALTER COLUMN "message_price" SET NOT NULL;',
      'ALTER TABLE "profiles" ALTER COLUMN "bio" SET DEFAULT \'\';',
      'ALTER TABLE "profiles" ALTER COLUMN "bio" SET NOT NULL;',
      // constraints and indexes, and the words inside function bodies and comments
      'ALTER TABLE "profiles" DROP CONSTRAINT "profiles_price_check";',
      'DROP INDEX "profiles_bio_idx";',
      'CREATE FUNCTION f() RETURNS void LANGUAGE sql AS $$ ALTER TABLE profiles DROP COLUMN bio $$;',
      '-- ALTER TABLE profiles DROP COLUMN bio;',
      // a new table dropped again before any release had it
      'DROP TABLE "reactions";',
    ].join('\n');
    expect(check(sql)).toEqual([]);
  });

  it('lets a migration allow one named change with a reason', () => {
    const sql =
      '-- rolling-deploy: allow profiles.bio the released code only reads it as text\nALTER TABLE "profiles" ALTER COLUMN "bio" TYPE varchar(2000);';
    expect(check(sql)).toEqual([]);
    expect(check('-- rolling-deploy: allow profiles.bio\nALTER TABLE "profiles" DROP COLUMN "bio";')).toHaveLength(1);
  });

  it('reads one migration at a time as drizzle writes them', () => {
    expect(findDestructiveChanges('ALTER TABLE "conversation_summaries" DROP COLUMN "unanswered_count";')).toEqual([
      {
        kind: 'drop column',
        table: 'conversation_summaries',
        column: 'unanswered_count',
        statement: 'ALTER TABLE "conversation_summaries" DROP COLUMN "unanswered_count"',
      },
    ]);
  });
});
