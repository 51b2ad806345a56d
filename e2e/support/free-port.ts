import fs from 'node:fs';
import net from 'node:net';

/**
 * A port free right now on 127.0.0.1 (released before it returns, so another process can take it).
 * It is taken below the kernel's ephemeral range, where `listen(0)` and outgoing connections get theirs:
 * a port from that range can be handed to another socket before the server we start binds it.
 */
export async function freePort(): Promise<number> {
  const top = ephemeralLow() - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (top - 10_000));
    if (await isFree(port)) return port;
  }
  throw new Error('no free port found below the ephemeral range');
}

function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
