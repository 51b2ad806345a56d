import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { Config } from './config';

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * Fastify's genReqId (security review I3): an `X-Request-Id` is taken over only from a proxy the
 * operator trusts (TRUST_PROXY), so a proxy's id follows the request through its logs and ours.
 * From anyone else the id is ours, never a string the client chose for our logs.
 */
export function requestIdGenerator(trustProxy: Config['trustProxy']): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const incoming = req.headers['x-request-id'];
    return typeof incoming === 'string' && REQUEST_ID.test(incoming) && trusted(req.socket?.remoteAddress)
      ? incoming
      : randomUUID();
  };
}

/** Whether the direct peer is one of the configured proxies (a hop count trusts the nearest peer). */
function trustedPeer(trustProxy: Config['trustProxy']): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const list = new net.BlockList();
  for (const entry of trustProxy) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const peer = mapped ?? address;
    return net.isIP(peer) !== 0 && list.check(peer, net.isIPv6(peer) ? 'ipv6' : 'ipv4');
  };
}
