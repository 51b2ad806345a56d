import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';

/**
 * Server-rendered HTML for the public pages a first visit lands on (/, /creators, a creator's profile;
 * decision 0020). The web build's SSR entry (apps/web/src/entry-server.tsx, built to dist-ssr/) renders
 * the same route components the browser hydrates; the data comes from this app's own API through
 * `app.inject` with the visitor's cookie, so it is exactly what the API would answer them.
 */

type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

type RenderedPage = { kind: 'page'; html: string; stateScript: string } | { kind: 'not-found' } | { kind: 'skip' };

/** What apps/web/src/entry-server.tsx exports. */
interface EntryServer {
  setApiTransport(transport: ApiTransport): void;
  renderPage(url: string, signal: AbortSignal): Promise<RenderedPage>;
}

export type PageRender = Exclude<RenderedPage, { kind: 'skip' }>;

export interface PageRenderer {
  /** The page's HTML, `not-found` for a profile that does not exist, or null: send the plain shell. */
  render(request: FastifyRequest): Promise<PageRender | null>;
}

/**
 * A page that takes longer than this is sent as the plain shell (the browser renders it, as before
 * decision 0020): a slow render must never make the first paint later than no render at all.
 */
export const RENDER_BUDGET_MS = 1_500;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** Loads the SSR entry next to the web build, or returns null when the build has none. */
export async function loadPageRenderer(app: FastifyInstance, ssrDir: string): Promise<PageRenderer | null> {
  const file = path.join(ssrDir, 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const entry = (await import(pathToFileURL(file).href)) as EntryServer;
  // The entry's API client is one module for all renders; each render's calls find their own
  // request's transport here, so concurrent pages never see each other's cookies or data.
  const transports = new AsyncLocalStorage<ApiTransport>();
  entry.setApiTransport((url, init) => {
    const transport = transports.getStore();
    return transport ? transport(url, init) : Promise.reject(new Error('API call outside a page render'));
  });

  return {
    async render(request) {
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const overBudget = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new Error(`server render took over ${RENDER_BUDGET_MS} ms`);
          controller.abort(error);
          reject(error);
        }, RENDER_BUDGET_MS);
      });
      try {
        const rendered = await Promise.race([
          transports.run(transportFor(app, request), () => entry.renderPage(request.url, controller.signal)),
          overBudget,
        ]);
        return rendered.kind === 'skip' ? null : rendered;
      } catch (error) {
        // The request id is in the log line's bindings; the URL and the error's details stay out
        // (a search term or a name could be personal). The browser renders the page from the shell.
        request.log.warn(
          { errorName: error instanceof Error ? error.name : typeof error },
          'server render failed; sent the app shell',
        );
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The API as the visitor would call it: their cookie and address, answered by this app in-process. */
function transportFor(app: FastifyInstance, request: FastifyRequest): ApiTransport {
  return async (url, init) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    // The page's own Host, which the host check has let through: without it the call names inject's
    // default (localhost:80), which a server with PUBLIC_URL refuses with 421 (decision 0044), so in
    // production every render failed and sent the shell (found by the release test, 1 December).
    if (request.headers.host) headers.host = request.headers.host;
    if (request.headers.cookie) headers.cookie = request.headers.cookie;
    const userAgent = request.headers['user-agent'];
    if (userAgent) headers['user-agent'] = userAgent;
    const response = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url,
      headers,
      // Rate limits count the visitor, not the server's own address.
      remoteAddress: request.ip,
    });
    const contentType = response.headers['content-type'];
    return new Response(NULL_BODY_STATUSES.has(response.statusCode) ? null : response.body, {
      status: response.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A rendered page compressed for the browser (brotli, else gzip): its HTML is 25-75 KB, which on a slow
 * mobile link would cost more than the scripts the render saves. Brotli quality 5 takes ~1 ms for that.
 */
export async function encodeHtml(
  acceptEncoding: string | undefined,
  html: string,
): Promise<{ body: Buffer | string; encoding?: 'br' | 'gzip' }> {
  const accepted = acceptEncoding ?? '';
  if (/\bbr\b/.test(accepted)) {
    return { body: await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  }
  if (/\bgzip\b/.test(accepted)) return { body: await gzip(html, { level: 6 }), encoding: 'gzip' };
  return { body: html };
}
