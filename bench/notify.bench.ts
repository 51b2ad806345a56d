// How many live events a second PostgreSQL LISTEN/NOTIFY carries against Redis pub/sub on the same
// machine (docs/scaling.md, "When LISTEN/NOTIFY gives way"). Each publisher is its own connection
// sending one event at a time, as the product's instances do (an event is NOTIFY'd from the change's
// own transaction: one commit each); one subscriber counts arrivals. The figure is events/s end to end
// and the publish round trip's p50/p99, for PostgreSQL and Redis in one run.
//   BENCH_EVENTS (20000) per engine, BENCH_PUBLISHERS (8), BENCH_PG_URL, BENCH_REDIS (127.0.0.1:6379).
// Redis is spoken to in its own protocol over node:net (PUBLISH and SUBSCRIBE need nothing more).
import net from 'node:net';
import pg from 'pg';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 8);
const PG_URL = `${(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/postgres`;
const [REDIS_HOST = '127.0.0.1', REDIS_PORT = '6379'] = (process.env.BENCH_REDIS ?? '127.0.0.1:6379').split(':');
const CHANNEL = 'fanline_bench_events';
// About the size of a message event the product sends (ids, a preview, a timestamp).
const PAYLOAD = JSON.stringify({
  seq: 0,
  users: ['6f1c1d2e-8c55-4a4e-9a57-0c7b9f5d1a11', '0b7e4b8e-3f22-4d6c-8a0e-5f4b1c2d3e4f'],
  event: { type: 'message.created', conversationId: '9d3f8a4c-1b2e-4c5d-8e9f-a0b1c2d3e4f5', preview: 'x'.repeat(120) },
});

interface Result {
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function drive(publish: (publisher: number) => Promise<void>, arrived: () => number): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async (_, publisher) => {
      while (next < EVENTS) {
        next++;
        const at = performance.now();
        await publish(publisher);
        latencies.push(performance.now() - at);
      }
    }),
  );
  while (arrived() < EVENTS) await new Promise((resolve) => setTimeout(resolve, 1));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: EVENTS / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

async function postgres(): Promise<Result> {
  const listener = new pg.Client({ connectionString: PG_URL });
  await listener.connect();
  let arrived = 0;
  listener.on('notification', () => {
    arrived++;
  });
  await listener.query(`LISTEN ${CHANNEL}`);
  const publishers = await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      return client;
    }),
  );
  try {
    return await drive(
      async (i) => {
        await publishers[i]?.query({ name: 'notify', text: 'select pg_notify($1, $2)', values: [CHANNEL, PAYLOAD] });
      },
      () => arrived,
    );
  } finally {
    await Promise.all(publishers.map((client) => client.end()));
    await listener.end();
  }
}

/** A Redis connection that sends commands and hands each reply (or pushed message) to `onReply`. */
function redisConnection(
  onReply: (line: string) => void,
): Promise<{ send: (...args: string[]) => void; end: () => void }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(REDIS_PORT), REDIS_HOST, () =>
      resolve({
        send: (...args) =>
          socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`),
        end: () => socket.end(),
      }),
    );
    socket.on('error', reject);
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let at = buffer.indexOf('\r\n');
      while (at >= 0) {
        onReply(buffer.slice(0, at));
        buffer = buffer.slice(at + 2);
        at = buffer.indexOf('\r\n');
      }
    });
  });
}

async function redis(): Promise<Result> {
  let arrived = 0;
  // Each pushed message is an array of three: "message", the channel, the payload (one line each).
  const subscriber = await redisConnection((line) => {
    if (line === 'message') arrived++;
  });
  subscriber.send('SUBSCRIBE', CHANNEL);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const waiting: Array<Array<() => void>> = [];
  const publishers = await Promise.all(
    Array.from({ length: PUBLISHERS }, async (_, i) => {
      waiting[i] = [];
      return redisConnection((line) => {
        if (line.startsWith(':')) waiting[i]?.shift()?.();
      });
    }),
  );
  try {
    return await drive(
      (i) =>
        new Promise<void>((resolve) => {
          waiting[i]?.push(resolve);
          publishers[i]?.send('PUBLISH', CHANNEL, PAYLOAD);
        }),
      () => arrived,
    );
  } finally {
    for (const publisher of publishers) publisher.end();
    subscriber.end();
  }
}

const show = (name: string, r: Result) =>
  `${name.padEnd(22)} ${Math.round(r.perSecond).toLocaleString('en').padStart(8)} events/s   publish p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`;

console.log(`${EVENTS} events of ${PAYLOAD.length} bytes, ${PUBLISHERS} publishers, one subscriber`);
const a = await postgres();
console.log(show('PostgreSQL NOTIFY', a));
const b = await redis();
console.log(show('Redis PUBLISH', b));
console.log(`Redis ÷ PostgreSQL: ${(b.perSecond / a.perSecond).toFixed(1)} × the events per second`);
