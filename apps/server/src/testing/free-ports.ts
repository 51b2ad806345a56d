import fs from 'node:fs';
import net from 'node:net';

/**
 * `count` consecutive ports free on 127.0.0.1 right now; returns the first. They are taken below the
 * kernel's ephemeral range: a port in it that is free now can be handed to any outgoing connection or
 * `listen(0)` of the tests running alongside before our child binds it (a release test once failed
 * with EADDRINUSE that way).
 */
export async function contiguousFreePorts(count: number): Promise<number> {
  const top = ephemeralLow() - count;
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = 10_000 + Math.floor(Math.random() * (top - 10_000));
    let free = true;
    for (let port = first; port < first + count && free; port++) free = await portIsFree(port);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

/** The low end of Linux's ephemeral port range (32768 by default); 32768 where it cannot be read. */
function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
