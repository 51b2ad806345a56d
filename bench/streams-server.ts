// One product instance for the streams bench (streams.bench.ts forks it): the app on PostgreSQL on
// its own port, measured alone (its RSS and CPU are this process's). The parent asks it, over IPC, to
// publish events (the product's own bus: NOTIFY, heard by every instance) and for its figures.
// SIGTERM drains it as server.ts does: readiness 503, every stream told to reconnect, then close.

import { readdirSync } from 'node:fs';
import type { TRealtimeEvent } from '@fanline/contracts';
import { openBenchDatabase, startBenchServer } from './support';

export type ToServer =
  | { type: 'publish'; events: Array<{ userId: string; event: TRealtimeEvent }> }
  | { type: 'stats'; id: number };
export type FromServer =
  | { type: 'ready'; url: string; pid: number }
  | { type: 'stats'; id: number; rss: number; heapUsed: number; cpuMs: number; openFds: number };

const database = await openBenchDatabase();
const { app, url } = await startBenchServer(database, {
  TRUST_PROXY: '1',
  PORT: process.env.BENCH_PORT ?? '0',
  STREAM_RECONNECTS_PER_SECOND: process.env.STREAM_RECONNECTS_PER_SECOND ?? '1000',
});
const send = (message: FromServer) => process.send?.(message);
send({ type: 'ready', url, pid: process.pid });

process.on('message', (message: ToServer) => {
  if (message.type === 'publish') {
    for (const { userId, event } of message.events) void app.events.publish([userId], event);
  } else {
    (globalThis as { gc?: () => void }).gc?.();
    const cpu = process.cpuUsage();
    send({
      type: 'stats',
      id: message.id,
      rss: process.memoryUsage().rss,
      heapUsed: process.memoryUsage().heapUsed,
      cpuMs: (cpu.user + cpu.system) / 1000,
      openFds: readdirSync('/proc/self/fd').length,
    });
  }
});
process.on('SIGTERM', () => {
  app.drain.begin();
  void app.close().then(async () => {
    await database.close();
    process.exit(0);
  });
});
