/**
 * The one-time token of a mailed link (confirmation, password reset). Mails put it in the fragment,
 * `#token=…` (ASVS V14.2.1, issue 42), which the browser never sends to the server or to anyone in a
 * Referer; the page reads it and POSTs it. A link mailed before that change carries `?token=…` and
 * still works until it expires.
 */
export function linkToken(location: { hash: string; search: string }): string {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromFragment || new URLSearchParams(location.search).get('token') || '';
}
