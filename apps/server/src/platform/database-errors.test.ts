import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { expect, test } from 'vitest';
import { databaseErrorClass } from './database-errors';

// What fanline_database_errors_total counts a failure as (issue 40): the SQLSTATE class of
// PostgreSQL's error, found through drizzle's wrapper, `connection` for a connection that failed,
// and nothing for an error that is not the database's.

function postgresError(code: string): pg.DatabaseError {
  const error = new pg.DatabaseError('boom', 0, 'error');
  error.code = code;
  error.severity = 'ERROR';
  return error;
}

test('a PostgreSQL error counts under its SQLSTATE class, also wrapped by drizzle', () => {
  expect(databaseErrorClass(postgresError('23505'))).toBe('23');
  expect(databaseErrorClass(postgresError('57014'))).toBe('57');
  expect(databaseErrorClass(new DrizzleQueryError('select 1', [], postgresError('40001')))).toBe('40');
});

test('a connection refused, cut or timed out counts as connection', () => {
  expect(
    databaseErrorClass(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
  ).toBe('connection');
  expect(databaseErrorClass(new Error('Connection terminated unexpectedly'))).toBe('connection');
  expect(
    databaseErrorClass(new DrizzleQueryError('select 1', [], new Error('timeout exceeded when trying to connect'))),
  ).toBe('connection');
});

test("an error that is not the database's is not counted", () => {
  expect(databaseErrorClass(new Error('Cannot read properties of undefined'))).toBeNull();
  expect(databaseErrorClass(Object.assign(new Error('bad'), { code: 'FST_ERR_VALIDATION' }))).toBeNull();
  expect(databaseErrorClass(undefined)).toBeNull();
});
