import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { externalLookupCache } from '../../db/schema';
import { clientKey, networkKey } from '../../platform/client-key';
import type { AppContext } from '../../platform/context';
import { attemptsSoFar, countAttempt } from '../../platform/rate-limit';
import { type LookupResult, lookupInstagramProfile, lookupKey } from './external-lookup';

/** An answer (an account, or none) is reused this long for the same term, by every instance. */
export const LOOKUP_CACHE_MS = 10 * 60_000;
/** After upstream says the quota is spent, no instance asks again for this long. */
export const QUOTA_PAUSE_MS = 15 * 60_000;
const LIMIT_WINDOW_MS = 10 * 60_000;
/** Upstream lookups (cache misses) per window: per address, per signed-in user, all guests together. */
export const LOOKUP_LIMITS = { perAddress: 20, perUser: 20, allGuests: 200 };
/**
 * A guest address may use at most this fraction (1/n) of what is left of the guests' pool (security
 * review N5): a fresh pool still grants 20, a busy one less and less, so a few addresses can never
 * leave a newcomer with nothing.
 */
export const GUEST_SHARE_DIVISOR = 8;
const QUOTA_KEY = 'quota';
const GUESTS_KEY = 'lookup:guests';

/**
 * The paid external lookup behind Find Creators, guarded (security review M3): answers are cached
 * per normalized term in the database, a spent quota is remembered for every instance, and the
 * upstream calls a caller may cause are limited per address and per user, and guests share their
 * pool fairly per address. A caller over a limit gets 'unavailable' and still sees platform creators.
 */
export async function guardedLookup(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>,
  term: string,
  caller: { userId: string | null; ip: string },
): Promise<LookupResult> {
  const { db, clock } = ctx;
  const now = clock.now();
  if (!ctx.config.instagramLookup.url || !(await lookupKey(ctx)).key) return { status: 'not_configured' };
  const termKey = `term:${term.trim().replace(/^@/, '').toLowerCase()}`;
  const live = await db
    .select({ key: externalLookupCache.key, value: externalLookupCache.value })
    .from(externalLookupCache)
    .where(and(inArray(externalLookupCache.key, [termKey, QUOTA_KEY]), gt(externalLookupCache.expiresAt, now)));
  const cached = live.find((row) => row.key === termKey)?.value as LookupResult | undefined;
  if (cached?.status === 'ok') return cached;
  // While the quota is spent, its notice explains the platform-only results better than a cached "nothing found".
  if (live.some((row) => row.key === QUOTA_KEY)) return { status: 'quota' };
  if (cached) return cached;
  if (await overLimit(ctx, caller)) return { status: 'unavailable' };

  const result = await lookupInstagramProfile(ctx, term);
  if (result.status === 'ok' || result.status === 'no_data') {
    await remember(ctx, termKey, result, LOOKUP_CACHE_MS);
  } else if (result.status === 'quota') {
    ctx.log.warn('instagram lookup quota spent; pausing lookups');
    await remember(ctx, QUOTA_KEY, { status: 'quota' }, QUOTA_PAUSE_MS);
  }
  return result;
}

/** A new key comes with a new quota: lookups may resume at once. */
export async function forgetSpentQuota(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await ctx.db.delete(externalLookupCache).where(eq(externalLookupCache.key, QUOTA_KEY));
}

/** Deletes cached answers and quota pauses that have run out (jobs loop). */
export async function pruneLookupCache(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  await ctx.db.delete(externalLookupCache).where(lt(externalLookupCache.expiresAt, ctx.clock.now()));
}

async function overLimit(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>,
  caller: { userId: string | null; ip: string },
): Promise<boolean> {
  const count = (key: string) => countAttempt({ db: ctx.db, clock: ctx.clock, key, windowMs: LIMIT_WINDOW_MS });
  // An IPv6 client counts as its /64 (security review F1).
  const mine = await count(`lookup:ip:${clientKey(caller.ip)}`);
  if (mine > LOOKUP_LIMITS.perAddress) return true;
  if (caller.userId) return (await count(`lookup:user:${caller.userId}`)) > LOOKUP_LIMITS.perUser;
  const poolUsed = await attemptsSoFar({ db: ctx.db, clock: ctx.clock, key: GUESTS_KEY, windowMs: LIMIT_WINDOW_MS });
  const share = Math.ceil((LOOKUP_LIMITS.allGuests - poolUsed) / GUEST_SHARE_DIVISOR);
  if (mine > share) return true;
  // Security review N5: many addresses of one network (an IPv4 /24, an IPv6 /48) share one share,
  // so a visitor rotating through their own network's addresses cannot drain the guests' pool.
  if ((await count(`lookup:net:${networkKey(caller.ip)}`)) > share) return true;
  await count(GUESTS_KEY);
  return false;
}

async function remember(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>,
  key: string,
  value: LookupResult,
  forMs: number,
): Promise<void> {
  const expiresAt = new Date(ctx.clock.now().getTime() + forMs);
  await ctx.db
    .insert(externalLookupCache)
    .values({ key, value, expiresAt })
    .onConflictDoUpdate({ target: externalLookupCache.key, set: { value, expiresAt } });
}
