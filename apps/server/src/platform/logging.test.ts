import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { scrubMessage, serializeError, truncate } from './logging';

describe('serializeError', () => {
  test('keeps what failed, drops the values it failed with', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_email_unique',
      table: 'users',
      detail: 'Key (email)=(fan@example.test) already exists.',
      where: 'SQL statement "insert … fan@example.test"',
    });
    const drizzleError = Object.assign(
      new Error('Failed query: insert into "users" ("email") values ($1)\nparams: fan@example.test'),
      { query: 'insert into "users" ("email") values ($1)', params: ['fan@example.test'], cause: pgError },
    );
    const out = serializeError(drizzleError) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.toContain('fan@example.test');
    expect(out).toMatchObject({
      message: 'Failed query: insert into "users" ("email") values ($1)',
      query: 'insert into "users" ("email") values ($1)',
      cause: { code: '23505', constraint: 'users_email_unique', table: 'users' },
    });
  });

  test("a Stripe error keeps its type, code and request id, not Stripe's raw answer or headers", () => {
    const error = Stripe.errors.StripeError.generate({
      type: 'api_error',
      message: 'Something went wrong on Stripe’s end.',
      code: 'api_error',
      headers: { 'request-id': 'req_123', authorization: 'Bearer sk_test_secret' },
      requestId: 'req_123',
      statusCode: 500,
    } as never);
    const out = serializeError(error) as Record<string, unknown>;
    expect(out).toMatchObject({ type: 'StripeAPIError', code: 'api_error', statusCode: 500, requestId: 'req_123' });
    expect(JSON.stringify(out)).not.toContain('sk_test_secret');
    expect(out).not.toHaveProperty('raw');
  });

  test('survives cycles and non-errors', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(serializeError(a)).toMatchObject({ message: 'a', cause: '[…]' });
    expect(serializeError('plain')).toBe('plain');
  });
});

test('messages lose drizzle’s params and the values PostgreSQL quotes, and are cut at 2,000 characters', () => {
  expect(scrubMessage('Failed query: select $1\nparams: secret')).toBe('Failed query: select $1');
  expect(scrubMessage('invalid input syntax for type uuid: "secret"')).toBe(
    'invalid input syntax for type uuid: "[redacted]"',
  );
  expect(scrubMessage('value "99999999999" is out of range for type integer')).toBe(
    'value "[redacted]" is out of range for type integer',
  );
  expect(truncate('x'.repeat(5000))).toBe(`${'x'.repeat(2000)}… [3000 more characters]`);
});
