import type { TRealtimeEvent } from '@fanline/contracts';

export interface SseClient {
  /** Resolves with the next event matching `match`, or fails after `timeoutMs`. */
  next(match: (event: TRealtimeEvent) => boolean, timeoutMs?: number): Promise<TRealtimeEvent>;
  close(): void;
  /** Resolves when the stream ends: the server ended it, or the connection was cut. */
  ended: Promise<void>;
  /** The instance a balancer sent it to (HAProxy's x-fanline-server header; deploy/haproxy.cfg), else null. */
  server: string | null;
  /** The last `id:` the stream carried (what EventSource would send back as Last-Event-ID). */
  lastEventId(): string;
  /** The ids of the events received so far, in order. */
  ids(): string[];
  /** The last `retry:` the server sent (how long EventSource waits before it reconnects), if any. */
  retry(): number | undefined;
  /** Every event received so far, in order (whether or not `next` took it). */
  events(): TRealtimeEvent[];
}

/** Connects to GET /api/events like a browser's EventSource would, with the session cookie. */
export async function connectSse(
  baseUrl: string,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { ...headers, cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`SSE connect failed: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const received: TRealtimeEvent[] = [];
  const all: TRealtimeEvent[] = [];
  const waiters: Array<{ match: (e: TRealtimeEvent) => boolean; resolve: (e: TRealtimeEvent) => void }> = [];
  let buffer = '';
  let lastEventId = '';
  let retry: number | undefined;
  const ids: string[] = [];
  let markEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          const { id, data } = readSseFrame(frame);
          buffer = buffer.slice(end + 2);
          const retryLine = frame.split('\n').find((line) => line.startsWith('retry:'));
          if (retryLine) retry = Number(retryLine.slice(6).trim());
          if (id !== undefined) lastEventId = id;
          if (!data) continue;
          if (id !== undefined) ids.push(id);
          const event = JSON.parse(data) as TRealtimeEvent;
          all.push(event);
          const waiter = waiters.find((w) => w.match(event));
          if (waiter) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(event);
          } else received.push(event);
        }
      }
    } catch {
      // aborted, or the connection was cut
    }
    markEnded();
  })();
  return {
    next(match, timeoutMs = 5000) {
      const index = received.findIndex(match);
      if (index >= 0) return Promise.resolve(received.splice(index, 1)[0] as TRealtimeEvent);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (event: TRealtimeEvent) => {
            clearTimeout(timer);
            resolve(event);
          },
        };
        // A waiter that timed out must not swallow a later event.
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no matching event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => controller.abort(),
    ended,
    server: response.headers.get('x-fanline-server'),
    lastEventId: () => lastEventId,
    ids: () => [...ids],
    retry: () => retry,
    events: () => [...all],
  };
}

/** One Server-Sent Events frame (the lines before a blank line): its `id:` and its joined `data:` lines. */
export function readSseFrame(block: string): { id?: string; data: string } {
  const lines = block.split('\n');
  const id = lines
    .find((line) => line.startsWith('id:'))
    ?.slice(3)
    .trimStart();
  const data = lines
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trimStart())
    .join('\n');
  return id === undefined ? { data } : { id, data };
}
