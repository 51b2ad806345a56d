import { and, eq, gt, isNull } from 'drizzle-orm';
import { authTokens } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { hashToken, newToken } from './tokens';

export type TokenPurpose = 'email_confirmation' | 'password_reset';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  email_confirmation: 48 * 3_600_000,
  password_reset: 3_600_000,
};

/** A fresh single-use token for a mailed link; earlier unused ones of the same purpose stop working. */
export async function issueToken(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  purpose: TokenPurpose;
}): Promise<string> {
  const { token, hash } = newToken();
  const now = opts.clock.now();
  await opts.db.transaction(async (tx) => {
    await tx
      .delete(authTokens)
      .where(and(eq(authTokens.userId, opts.userId), eq(authTokens.purpose, opts.purpose), isNull(authTokens.usedAt)));
    await tx.insert(authTokens).values({
      userId: opts.userId,
      purpose: opts.purpose,
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[opts.purpose]),
      createdAt: now,
    });
  });
  return token;
}

/** Whether a token would still work (unused, not expired), without using it: the reset page asks on load. */
export async function tokenIsUsable(opts: { db: Db; clock: Clock; token: string; purpose: TokenPurpose }) {
  const [row] = await opts.db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(opts.token)),
        eq(authTokens.purpose, opts.purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, opts.clock.now()),
      ),
    );
  return Boolean(row);
}

/** Uses a token once: the single UPDATE makes two concurrent uses impossible. Returns its user or null. */
export async function consumeToken(opts: {
  db: Db;
  clock: Clock;
  token: string;
  purpose: TokenPurpose;
}): Promise<string | null> {
  const now = opts.clock.now();
  const [row] = await opts.db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(opts.token)),
        eq(authTokens.purpose, opts.purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}
