import http from 'node:http';
import https from 'node:https';
import type { TRealtimeEvent } from '@fanline/contracts';
import { connectSse } from './sse';

/**
 * A browser-like HTTP client over real sockets (fetch) for the cluster's journeys: it keeps the cookies
 * the server sets and sends the Origin a browser on the public site would send with a mutation.
 */
export class ClusterClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly origin: string,
  ) {}

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: string,
    url: string,
    body?: unknown | FormData,
    extraHeaders: Record<string, string> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookie, ...extraHeaders };
    if (method !== 'GET' && method !== 'HEAD') headers.origin = this.origin;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(new URL(url, this.baseUrl), { method, headers, body: payload });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** The JSON of a request that must answer `status`; otherwise fails with the body. */
  async json<T = Record<string, unknown>>(method: string, url: string, body?: unknown, status = 200): Promise<T> {
    const response = await this.request(method, url, body);
    const text = await response.text();
    if (response.status !== status) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  /** Uploads one image as the web app does (multipart field "file"). */
  upload<T = Record<string, unknown>>(url: string, bytes: Buffer, status = 200): Promise<T> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
    return this.json<T>('POST', url, form, status);
  }
}

/** An open GET /api/events as a browser's EventSource holds it: the events, the last id, which server. */
export interface EventStream {
  /** The instance HAProxy sent it to (its x-fanline-server header), null when connected directly. */
  server: string | null;
  /** The last `id:` the stream carried: what a reconnect sends as Last-Event-ID. */
  lastEventId(): string | undefined;
  next(match: (event: TRealtimeEvent) => boolean, timeoutMs?: number): Promise<TRealtimeEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** connectSse, as the cluster's tests use it: optionally resuming after `lastEventId`. */
export async function openEventStream(baseUrl: string, cookie: string, lastEventId?: string): Promise<EventStream> {
  const stream = await connectSse(baseUrl, cookie, lastEventId ? { 'last-event-id': lastEventId } : {});
  return {
    server: stream.server,
    lastEventId: () => stream.lastEventId() || lastEventId,
    next: (match, timeoutMs = 10_000) => stream.next(match, timeoutMs),
    ended: stream.ended,
    close: () => stream.close(),
  };
}

/** The names of the cookies the server has set so far (the session's is `__Host-fanline_session` over https). */
export function cookieNames(client: ClusterClient): string[] {
  return client.cookie
    .split('; ')
    .filter(Boolean)
    .map((pair) => pair.slice(0, pair.indexOf('=')));
}

/**
 * A JSON POST from a chosen local address (127.0.0.x): clients at different addresses, as the
 * per-address limits see them. Resolves with the status. https URLs go over TLS (the cluster's
 * certificate is trusted by the process: testing/cluster.ts trustCertificate).
 */
export function postFrom(localAddress: string, url: string, origin: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? https : http).request(
      url,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
