// The streams bench's browsers (streams.bench.ts forks several): each process holds its share of the
// streams from a loopback address of its own (a process may hold 20,000 files; an address pair ~28,000
// ports), reads them as EventSource does (`id:`, `retry:`, events), stamps each event's arrival with the
// monotonic clock (the same in every process) and, after a drain, reconnects with Last-Event-ID after
// the `retry` the server sent, to the instances that are left, in turn (as round robin would).
import http from 'node:http';

export interface ClientStream {
  cookie: string;
  xff: string;
}
export type ToClients =
  | {
      type: 'connect';
      url: string;
      localAddress: string;
      concurrency: number;
      streams: ClientStream[];
      others: string[];
    }
  | { type: 'verify'; expected: Array<[number, number]> }
  | { type: 'close' };
export type FromClients =
  | { type: 'connected'; ok: number; failed: string[]; admissions: number[]; startedAt: number; endedAt: number }
  | { type: 'arrivals'; items: Array<[number, number]> }
  | { type: 'reconnected'; count: number; admissions: number[]; lastAt: number; failed: number }
  | { type: 'verified'; missing: number; heard: number; resyncs: number };

const now = () => Number(process.hrtime.bigint()) / 1e6;
const send = (message: FromClients) => process.send?.(message);
let arrivals: Array<[number, number]> = [];
setInterval(() => {
  if (arrivals.length === 0) return;
  send({ type: 'arrivals', items: arrivals });
  arrivals = [];
}, 250).unref();

interface Live {
  spec: ClientStream;
  index: number;
  lastEventId: string;
  retry: number;
  heard: Set<number>;
  request?: http.ClientRequest;
  ended: boolean;
}
const streams: Live[] = [];
const byIndex = new Map<number, Live>();
let localAddress = '127.0.0.2';
let others: string[] = [];
let reconnectAdmissions: number[] = [];
let reconnectFailed = 0;
let reconnected = 0;
let lastReconnectAt = 0;
let draining = false;
/** `resync` events heard: a reconnect whose Last-Event-ID the instance did not know (the page refetches). */
let resyncs = 0;

/** Opens one stream; resolves with the admission time (request written → 200 headers) or rejects. */
function open(live: Live, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL('/api/events', url);
    const started = now();
    const request = http.request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      localAddress,
      agent: false,
      headers: {
        cookie: live.spec.cookie,
        'x-forwarded-for': live.spec.xff,
        accept: 'text/event-stream',
        ...(live.lastEventId ? { 'last-event-id': live.lastEventId } : {}),
      },
    });
    live.request = request;
    request.on('error', (error) => reject(error));
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`status ${response.statusCode}`));
        return;
      }
      resolve(now() - started);
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of frame.split('\n')) {
            if (line.startsWith('id:')) live.lastEventId = line.slice(3).trim();
            else if (line.startsWith('retry:')) live.retry = Number(line.slice(6).trim());
            else if (line.startsWith('data:')) {
              if (line.includes('"type":"resync"')) resyncs++;
              const seq = /"notificationId":"e(\d+)"/.exec(line)?.[1];
              if (seq !== undefined && !live.heard.has(Number(seq))) {
                live.heard.add(Number(seq));
                arrivals.push([Number(seq), now()]);
              }
            }
          }
        }
      });
      response.on('close', () => onEnded(live));
    });
    request.end();
  });
}

/** The server ended the stream (a drain): back after `retry`, on the next instance left, as EventSource. */
function onEnded(live: Live) {
  if (live.ended || others.length === 0) return;
  live.ended = true;
  draining = true;
  const attempt = (delay: number) =>
    setTimeout(() => {
      const url = others[live.index % others.length] ?? '';
      open(live, url).then(
        (ms) => {
          reconnectAdmissions.push(ms);
          reconnected++;
          lastReconnectAt = now();
        },
        () => {
          reconnectFailed++;
          attempt(live.retry);
        },
      );
    }, delay);
  attempt(live.retry);
}

setInterval(() => {
  if (!draining) return;
  send({
    type: 'reconnected',
    count: reconnected,
    admissions: reconnectAdmissions,
    lastAt: lastReconnectAt,
    failed: reconnectFailed,
  });
  reconnectAdmissions = [];
}, 500).unref();

async function connectAll(message: Extract<ToClients, { type: 'connect' }>) {
  localAddress = message.localAddress;
  const admissions: number[] = [];
  const failed: string[] = [];
  const startedAt = now();
  let next = 0;
  const worker = async () => {
    while (next < message.streams.length) {
      const index = next++;
      const spec = message.streams[index];
      if (!spec) continue;
      const live: Live = { spec, index, lastEventId: '', retry: 3000, heard: new Set(), ended: false };
      try {
        admissions.push(await open(live, message.url));
        streams.push(live);
        byIndex.set(index, live);
      } catch (error) {
        failed.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  // Reconnecting is armed only once all are open (a refusal while connecting is a failure, not a drain).
  others = message.others;
  send({ type: 'connected', ok: streams.length, failed: failed.slice(0, 5), admissions, startedAt, endedAt: now() });
}

process.on('message', (message: ToClients) => {
  if (message.type === 'connect') void connectAll(message);
  else if (message.type === 'verify') {
    let missing = 0;
    let heard = 0;
    for (const [index, seq] of message.expected) {
      const live = byIndex.get(index);
      if (live?.heard.has(seq)) heard++;
      else missing++;
    }
    send({ type: 'verified', missing, heard, resyncs });
  } else {
    for (const live of streams) live.request?.destroy();
    process.exit(0);
  }
});
