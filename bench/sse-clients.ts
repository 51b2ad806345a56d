// The delivery bench's browsers, in a process of their own (delivery.bench.ts forks it): the
// connected crowd and the creator's tab. Reading and parsing the streams is their work, not the
// server's, so it no longer shares the server's event loop as it did when both ran in one process.
// Arrivals are stamped with the monotonic clock, which both processes read alike.
import { connectSse, type SseClient } from '@fanline/server/testing';

export type ToClients = { type: 'connect'; url: string; creator: Stream; crowd: Stream[] } | { type: 'close' };
export type FromClients =
  | { type: 'connected'; clients: number; ms: number }
  | { type: 'arrived'; messageId: string; at: string }
  | { type: 'failed'; error: string };
export interface Stream {
  cookie: string;
  headers: Record<string, string>;
}

const open: SseClient[] = [];
const send = (message: FromClients) => process.send?.(message);

async function connect(url: string, creator: Stream, crowd: Stream[]) {
  const started = performance.now();
  for (const c of crowd) open.push(await connectSse(url, c.cookie, c.headers));
  const stream = await connectSse(url, creator.cookie, creator.headers);
  open.push(stream);
  send({ type: 'connected', clients: open.length, ms: Math.round(performance.now() - started) });
  for (;;) {
    // Every message event the creator's tab hears, stamped as it arrives.
    const event = await stream.next((e) => e.type === 'message', 600_000);
    if (event.type === 'message')
      send({ type: 'arrived', messageId: event.messageId, at: String(process.hrtime.bigint()) });
  }
}

process.on('message', (message: ToClients) => {
  if (message.type === 'connect')
    connect(message.url, message.creator, message.crowd).catch((error: unknown) => {
      send({ type: 'failed', error: String(error) });
    });
  else {
    for (const client of open) client.close();
    process.exit(0);
  }
});
