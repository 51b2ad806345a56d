import type { TErrorCode } from '@fanline/contracts';

export const GENERIC_ERROR = 'An unexpected error occurred. Please try again.';

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
}

/** The one API client: JSON in and out, errors as ApiError with the server's code and message. */
export async function api<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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
    const message = response.status >= 500 ? GENERIC_ERROR : (err?.message ?? GENERIC_ERROR);
    throw new ApiError(response.status, err?.code ?? 'INTERNAL', message, err?.requestId, err?.fields);
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

/**
 * A multipart upload (api() speaks JSON only): same /api prefix, cookie and ApiError mapping.
 * `fields` become form fields; the file goes under `fileField` ("file" unless told otherwise).
 */
export async function apiUpload<T>(
  path: string,
  file: Blob,
  { fileField = 'file', fileName, signal }: { fileField?: string; fileName?: string; signal?: AbortSignal } = {},
): Promise<T> {
  const form = new FormData();
  form.append(fileField, file, fileName ?? (file instanceof File ? file.name : 'upload'));
  let response: Response;
  try {
    // No content-type header: the browser sets multipart/form-data with its boundary.
    response = await fetch(`/api${path}`, {
      method: 'POST',
      body: form,
      signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
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
    const message = response.status >= 500 ? GENERIC_ERROR : (err?.message ?? GENERIC_ERROR);
    // A proxy's 413 arrives without our JSON body: keep the status meaningful anyway.
    const code = err?.code ?? (response.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL');
    throw new ApiError(response.status, code, message, err?.requestId, err?.fields);
  }
  return data as T;
}
