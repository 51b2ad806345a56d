import net from 'node:net';

/**
 * The one key every per-client limit and lease counts under (security review F1). An IPv4 address
 * is a client; so is an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, a dual-stack socket's view
 * of an IPv4 peer), written as that IPv4 address. An IPv6 address counts as its /64: one host or
 * household is given at least a /64, so counting each address alone would give it 2^64 budgets.
 * A value that is not an address (a test's made-up name) is its own key. Idempotent.
 */
export function clientKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = mappedIpv4(groups);
  if (mapped) return mapped;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The network a client sits in, for shares of a pool that one network must not drain (security
 * review N5): an IPv4 /24, or an IPv6 /48 (a site's usual allocation).
 */
export function networkKey(ip: string): string {
  const groups = ipv6Groups(ip);
  const v4 = groups ? mappedIpv4(groups) : net.isIPv4(ip) ? ip : null;
  if (v4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!groups) return ip;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}

function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address (a zone id dropped), or null for anything else. */
function ipv6Groups(raw: string): number[] | null {
  const ip = raw.split('%')[0] ?? '';
  if (!net.isIPv6(ip)) return null;
  const toGroups = (part: string): number[] => {
    if (!part) return [];
    const pieces = part.split(':');
    const last = pieces.at(-1) ?? '';
    if (!last.includes('.')) return pieces.map((piece) => Number.parseInt(piece, 16));
    // An embedded IPv4 tail (`::ffff:192.0.2.1`) is the last two groups.
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    return [...pieces.slice(0, -1).map((piece) => Number.parseInt(piece, 16)), (a << 8) | b, (c << 8) | d];
  };
  const [head = '', tail] = ip.split('::');
  const front = toGroups(head);
  const back = tail === undefined ? [] : toGroups(tail);
  const zeros = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<number>(zeros).fill(0), ...back];
}

/** A route limit's key for signed-in work (uploads): the user wherever they are, else the client. */
export function userOrClientKey(request: { ip: string; auth?: { userId: string } | null }): string {
  return request.auth ? `user:${request.auth.userId}` : clientKey(request.ip);
}
