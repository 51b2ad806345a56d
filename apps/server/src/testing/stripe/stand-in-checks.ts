// Request parsing and the parameter rules of Stripe's API reference that the Stripe stand-in enforces.

export type Form = { [key: string]: FormValue };
export type FormValue = string | Form | FormValue[];

/** A Stripe error as the API sends it; `replay` says whether an idempotent retry gets it again. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
    readonly replay = false,
  ) {
    super(String(error.message));
  }
}

export const paramError = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param && { param }) });

/** `a[b][0][c]=v` form bodies (what the SDK sends) into nested objects and arrays. */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Form | FormValue[] = root;
    path.forEach((segment, i) => {
      const slot = node as Record<string, FormValue>;
      if (i === path.length - 1) {
        slot[segment] = value;
        return;
      }
      slot[segment] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
      node = slot[segment] as Form | FormValue[];
    });
  }
  return root;
}

/** Stripe refuses parameters it does not know; so does the stand-in, for those it does not model. */
export function onlyKnown(form: Form, known: string[], prefix = ''): void {
  for (const key of Object.keys(form)) {
    if (!known.includes(key)) throw paramError(`Received unknown parameter: ${prefix}${key}`, `${prefix}${key}`);
  }
}

export function str(form: Form, key: string, prefix = '', required = false): string | undefined {
  const value = form[key];
  if (value === undefined) {
    if (required) throw paramError(`Missing required param: ${prefix}${key}.`, `${prefix}${key}`);
    return undefined;
  }
  if (typeof value !== 'string') throw paramError(`Invalid string: ${prefix}${key}`, `${prefix}${key}`);
  return value;
}

export function int(form: Form, key: string, prefix = '', required = false): number | undefined {
  const raw = str(form, key, prefix, required);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw)) throw paramError(`Invalid integer: ${raw}`, `${prefix}${key}`);
  return Number(raw);
}

export function obj(form: Form, key: string, prefix = ''): Form | undefined {
  const value = form[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw paramError(`Invalid object`, `${prefix}${key}`);
  return value;
}

export function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  param: string,
): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw paramError(`Invalid ${param}: must be one of ${allowed.join(', ')}`, param);
  }
  return value as T;
}

/** Stripe's metadata limits: 50 keys, names up to 40 characters, values up to 500. */
export function metadata(form: Form, key: string, prefix = ''): Record<string, string> {
  const meta = obj(form, key, prefix) ?? {};
  const entries = Object.entries(meta);
  if (entries.length > 50) throw paramError('Metadata can have up to 50 keys', `${prefix}${key}`);
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string') throw paramError('Invalid metadata value', `${prefix}${key}[${name}]`);
    if (name.length > 40) throw paramError('Metadata keys can be up to 40 characters', `${prefix}${key}[${name}]`);
    if (value.length > 500) throw paramError('Metadata values can be up to 500 characters', `${prefix}${key}[${name}]`);
    // An empty value unsets the key.
    if (value !== '') out[name] = value;
  }
  return out;
}

export function url(form: Form, key: string, required = false): string | undefined {
  const value = str(form, key, '', required);
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:/.test(value) || value.length > 5000) {
    throw paramError(`Not a valid URL`, key);
  }
  return value;
}

export function mustFind<T>(map: Map<string, T>, key: string, kind: string): T {
  const found = map.get(key);
  if (!found) {
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${key}'`,
    });
  }
  return found;
}
