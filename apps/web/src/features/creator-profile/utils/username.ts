/**
 * spec §5: the username in a profile URL must be non-empty and not the route's placeholder. Links
 * built from a template sometimes arrive unfilled: '/:username', '/{username}', '/[username]',
 * '/<username>', '/${username}', or 'undefined'/'null' from a missing value.
 */
export function isInvalidProfileUsername(raw: string | undefined): boolean {
  const name = (raw ?? '').trim();
  if (!name) return true;
  if (/^(undefined|null)$/i.test(name)) return true;
  return /^(:|\$?\{|\[|<|%7B|%3A)/i.test(name);
}
