import type { TRealtimeEvent } from '@fanline/contracts';

export interface SseClient {
  /** Resolves with the next event matching `match`, or fails after `timeoutMs`. */
  next(match: (event: TRealtimeEvent) => boolean, timeoutMs?: number): Promise<TRealtimeEvent>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The last `id:` the stream carried (what EventSource would send back as Last-Event-ID). */
  lastEventId(): string;
  /** The ids of the events received so far, in order. */
  ids(): string[];
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
  const waiters: Array<{ match: (e: TRealtimeEvent) => boolean; resolve: (e: TRealtimeEvent) => void }> = [];
  let buffer = '';
  let lastEventId = '';
  const ids: string[] = [];
  let markEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          markEnded();
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = block
            .split('\n')
            .find((line) => line.startsWith('id: '))
            ?.slice(4);
          if (id !== undefined) lastEventId = id;
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            if (id !== undefined) ids.push(id);
            const event = JSON.parse(data) as TRealtimeEvent;
            const waiter = waiters.find((w) => w.match(event));
            if (waiter) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            } else received.push(event);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
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
    lastEventId: () => lastEventId,
    ids: () => [...ids],
  };
}
