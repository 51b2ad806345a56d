import type { TExternalCreator } from '@fanline/contracts';
import type { AppContext } from '../../platform/context';
import { readSecretSetting } from '../settings';

export const INSTAGRAM_KEY_SETTING = 'instagram_api_key';

export type LookupResult =
  | { status: 'ok'; user: TExternalCreator }
  | { status: 'not_configured' | 'quota' | 'unavailable' | 'no_data' };

/** Where the key comes from: server config first, else the admins' setting. It never reaches a browser. */
export async function lookupKey(
  ctx: Pick<AppContext, 'db' | 'config'>,
): Promise<{ key: string | undefined; source: 'config' | 'settings' | 'none' }> {
  if (ctx.config.instagramLookup.key) return { key: ctx.config.instagramLookup.key, source: 'config' };
  const key = await readSecretSetting(ctx.db, INSTAGRAM_KEY_SETTING);
  return { key, source: key ? 'settings' : 'none' };
}

/** spec §7 External Instagram-style data service: POST /api/instagram/profile {username} with key and host headers. */
export async function lookupInstagramProfile(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  username: string,
): Promise<LookupResult> {
  const { url, host } = ctx.config.instagramLookup;
  const { key } = await lookupKey(ctx);
  if (!url || !key) return { status: 'not_configured' };
  let response: Response;
  try {
    response = await fetch(`${url}/api/instagram/profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-rapidapi-key': key, 'x-rapidapi-host': host ?? '' },
      body: JSON.stringify({ username }),
      signal: AbortSignal.timeout(8000),
    });
  } catch (error) {
    ctx.log.warn({ err: error }, 'instagram lookup unreachable');
    return { status: 'unavailable' };
  }
  const text = await response.text();
  // spec §8: a message containing 'quota' or '429' means the plan's quota is spent.
  if (response.status === 429 || /quota/i.test(text)) return { status: 'quota' };
  if (!response.ok) {
    ctx.log.warn({ status: response.status, body: text.slice(0, 200) }, 'instagram lookup failed');
    return { status: 'unavailable' };
  }
  const user = normalizeExternalUser(safeJson(text));
  return user ? { status: 'ok', user } : { status: 'no_data' };
}

type Raw = Record<string, unknown>;

/** Reads every field variant of spec §7 into the normalized external user of spec §3. */
export function normalizeExternalUser(body: unknown): TExternalCreator | null {
  const result = (body as { result?: unknown } | null)?.result;
  const raw = (Array.isArray(result) ? result[0] : result) as Raw | undefined;
  if (!raw || typeof raw !== 'object') return null;
  const id = firstString(raw.id, raw.pk, raw.pk_id);
  const username = firstString(raw.username);
  if (!id || !username) return null;
  const hdInfo = raw.hd_profile_pic_url_info as Raw | undefined;
  const hdVersions = raw.hd_profile_pic_versions as Raw[] | undefined;
  const followedBy = raw.edge_followed_by as Raw | undefined;
  const followers = firstNumber(followedBy?.count, raw.follower_count);
  return {
    id: `instagram-${id}`,
    username,
    full_name: firstString(raw.full_name) ?? null,
    biography: firstString(raw.biography) ?? null,
    is_verified: raw.is_verified === true,
    follower_count: followers ?? null,
    profile_pic_url:
      firstString(raw.profile_pic_url_hd, hdInfo?.url, hdVersions?.[0]?.url, raw.profile_pic_url) ?? null,
    is_private: raw.is_private === true,
    is_creator: false,
    user_type: 'regular',
    on_platform: false,
  };
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return undefined;
}

function firstNumber(...values: unknown[]): number | undefined {
  for (const value of values) {
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return n;
  }
  return undefined;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
