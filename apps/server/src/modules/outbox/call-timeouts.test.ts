import { describe, expect, test } from 'vitest';
import { CALL_TIMEOUTS, longestCallMs } from '../../platform/call-timeouts';
import { SMTP_POOL } from '../../platform/mailer';
import { CONCURRENCY, LEASE_MS } from '.';

// Decision 0039: a call an effect makes (a mail, a provider call, a storage delete) gives up before the
// outbox's lease runs out, so a slow call is not still running when another instance takes the row.
describe('outbound call timeouts', () => {
  test('each kind of call, retries included, ends within the outbox lease', () => {
    const longest = longestCallMs();
    expect(Object.keys(longest).sort()).toEqual(['picture', 'provider', 'smtp', 'storage']);
    for (const [kind, ms] of Object.entries(longest)) {
      expect(ms, kind).toBeGreaterThan(0);
      expect(ms, kind).toBeLessThan(LEASE_MS);
    }
    // nodemailer's own defaults (2 min to connect, 10 min idle) would not.
    expect(CALL_TIMEOUTS.smtp.connectionTimeout).toBeLessThan(120_000);
  });

  // Decision 0086: one outbox pass never waits for a pooled mail connection.
  test('the mailer keeps as many SMTP connections as one outbox pass runs effects at once', () => {
    expect(SMTP_POOL.maxConnections).toBeGreaterThanOrEqual(CONCURRENCY);
  });
});
