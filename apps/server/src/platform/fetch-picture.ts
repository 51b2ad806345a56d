import { LIMITS } from '@fanline/contracts';
import { CALL_TIMEOUTS } from './call-timeouts';

/**
 * Why a picture could not be fetched (decision 0048). `permanent`: asking again cannot help (a scheme
 * we refuse, an expired signature's 403, a 404, more bytes than we take), so the caller gives up
 * instead of retrying. The message never holds the URL: a CDN's query string is a signature.
 */
export class PictureFetchError extends Error {
  override readonly name = 'PictureFetchError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The URL as it may be logged: scheme, host and path, never the query (a signature) or credentials. */
export function pictureForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

const MAX_REDIRECTS = 3;

/**
 * Fetches a picture a provider pointed us at: https only unless `allowHttp` (a test or demo stand-in,
 * config.threads.allowHttpPictures), every redirect held to the same rule, one timeout for the whole
 * exchange (body included) and at most `maxBytes` read. What the bytes are is the caller's to check.
 */
export async function fetchPicture(
  url: string,
  opts: { allowHttp: boolean; maxBytes?: number; timeoutMs?: number },
): Promise<Buffer> {
  const maxBytes = opts.maxBytes ?? LIMITS.imageBytes.max;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? CALL_TIMEOUTS.picture.timeoutMs);
  let current = url;
  for (let hop = 0; ; hop += 1) {
    checkScheme(current, opts.allowHttp);
    let response: Response;
    try {
      response = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
    } catch (error) {
      throw new PictureFetchError(`the picture could not be fetched (${reason(error)})`, false);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new PictureFetchError('the picture redirects too often', true);
      current = new URL(location, current).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      // A 4xx is the server's final word (an expired signature, a removed picture), except a timeout
      // or a rate limit; a 5xx may pass.
      const { status } = response;
      const permanent = status >= 300 && status < 500 && status !== 408 && status !== 429;
      throw new PictureFetchError(`the picture's server answered ${status}`, permanent);
    }
    return readCapped(response, maxBytes);
  }
}

function checkScheme(url: string, allowHttp: boolean): void {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new PictureFetchError('the picture URL is not a URL', true);
  }
  if (protocol === 'https:' || (protocol === 'http:' && allowHttp)) return;
  throw new PictureFetchError(`the picture URL's scheme (${protocol}) is refused`, true);
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new PictureFetchError(`the picture is larger than ${maxBytes} bytes`, true);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      size += read.value.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(read.value);
    }
  } catch (error) {
    if (error instanceof PictureFetchError) throw error;
    throw new PictureFetchError(`the picture could not be read (${reason(error)})`, false);
  } finally {
    // Whatever is left (past the cap, after a failure) is never downloaded.
    await reader?.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks);
}

/** A network error's code (ENOTFOUND, ECONNREFUSED, a timeout), never its message. */
function reason(error: unknown): string {
  const e = error as { name?: string; code?: unknown; cause?: { code?: unknown } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'timed out';
  const code = e.cause?.code ?? e.code;
  return typeof code === 'string' ? code : 'network error';
}
