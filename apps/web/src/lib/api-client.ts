import { GENERIC_ERROR_MESSAGE, type TErrorCode } from '@fanline/contracts';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: TErrorCode | 'NETWORK',
    message: string,
    readonly requestId?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A write that moves money or answers a paid message (decision 0044): it carries an
   * Idempotency-Key, so the server (and the balancer) may safely repeat it, and a network failure or a
   * 502/503/504 is retried here with the same key: the server answers a repeat with the first answer.
   */
  idempotent?: boolean;
}

/** Tries of an idempotent write, counting the first, and the waits between them. */
const IDEMPOTENT_RETRY_DELAYS_MS = [500, 1500, 3000];

/** How a request reaches the API: the browser's fetch, or the server's own app while it renders a page. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * entry-server.tsx only (decision 0020): routes the app's API calls through the server while it
 * renders a page, so the data in the HTML is what the API serves. Never called in the browser.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** The one API client: JSON in and out, errors as ApiError with the server's code and message. */
export async function api<T>(
  path: string,
  { method = 'GET', body, signal, idempotent = false }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> =
    body === undefined
      ? { accept: 'application/json' }
      : { 'content-type': 'application/json', accept: 'application/json' };
  const init = { method, signal, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  if (!idempotent) return send<T>(path, init);
  headers['idempotency-key'] = crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    try {
      return await send<T>(path, init);
    } catch (error) {
      const delay = IDEMPOTENT_RETRY_DELAYS_MS[attempt];
      const retryable = error instanceof ApiError && (error.status === 0 || [502, 503, 504].includes(error.status));
      if (!retryable || delay === undefined || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * A multipart upload (api() speaks JSON only): same /api prefix, cookie and ApiError mapping.
 * The file goes under `fileField` ("file" unless told otherwise).
 */
export async function apiUpload<T>(
  path: string,
  file: Blob,
  { fileField = 'file', fileName, signal }: { fileField?: string; fileName?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const form = new FormData();
  form.append(fileField, file, fileName ?? (file instanceof File ? file.name : 'upload'));
  return send<T>(
    path,
    // No content-type header: the browser sets multipart/form-data with its boundary.
    { method: 'POST', body: form, signal, headers: { accept: 'application/json' } },
    // A proxy's 413 arrives without our JSON body: keep the status meaningful anyway.
    (status) => (status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL'),
  );
}

/** fetch under /api with the session cookie; a network failure or an error status becomes an ApiError. */
async function send<T>(
  path: string,
  init: RequestInit,
  /** The code for an error response without our JSON body. */
  codeWithoutBody: (status: number) => TErrorCode = () => 'INTERNAL',
): Promise<T> {
  let response: Response;
  try {
    response = await transport(`/api${path}`, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Network error: Please check your connection and try again');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const err = (
      data as { error?: { code?: TErrorCode; message?: string; requestId?: string; fields?: Record<string, string> } }
    )?.error;
    // Never show a server's 5xx text: only the generic message and the request id for support.
    const message = response.status >= 500 ? GENERIC_ERROR_MESSAGE : (err?.message ?? GENERIC_ERROR_MESSAGE);
    throw new ApiError(
      response.status,
      err?.code ?? codeWithoutBody(response.status),
      message,
      err?.requestId,
      err?.fields,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
