import type { FastifyServerOptions } from 'fastify';
import { tracingLogMixin } from './tracing';

/** Longest string a log entry carries; a client can make errors quote what it sent. */
const MAX_STRING = 2000;
const MAX_FRAMES = 15;
const MAX_DEPTH = 4;

// Scalar fields of Node, PostgreSQL and Stripe errors that say what failed without saying with which
// values. Everything else is dropped: drizzle's `params`, PostgreSQL's `detail` (it quotes key
// values) and `where`, Stripe's `raw` and `headers`.
const KEPT_FIELDS = [
  'code',
  'statusCode',
  'status',
  'errno',
  'syscall',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
  'query',
  'requestId',
] as const;

// Field names whose value must never reach a log, wherever they appear in an entry (one level deep).
const REDACTED_PATHS = ['password', 'currentPassword', 'newPassword', 'apiKey', 'token', 'cookie'].map(
  (name) => `*.${name}`,
);

export function truncate(value: string, max = MAX_STRING): string {
  return value.length <= max ? value : `${value.slice(0, max)}… [${value.length - max} more characters]`;
}

/**
 * What an error message may say in a log. Drizzle appends every query parameter ("params: …", with
 * e-mails, message text and keys) and PostgreSQL quotes the value it could not take
 * (`invalid input syntax for type integer: "…"`, `value "…" is out of range`); both are cut.
 */
export function scrubMessage(message: string): string {
  return truncate(
    message
      .replace(/\nparams: [\s\S]*$/, '')
      .replace(/: "[\s\S]*"$/, ': "[redacted]"')
      .replace(/^value "[\s\S]*?" is out of range/, 'value "[redacted]" is out of range'),
  );
}

/** The `err` of every log entry: type, scrubbed message, stack frames, the kept fields and its causes. */
export function serializeError(error: unknown): unknown {
  return serialize(error, 0, new WeakSet());
}

function serialize(error: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof error !== 'object' || error === null) return truncate(String(error));
  if (seen.has(error) || depth > MAX_DEPTH) return '[…]';
  seen.add(error);
  const e = error as Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: (error as { constructor?: { name?: string } }).constructor?.name ?? 'Object',
    message: scrubMessage(String(e.message ?? '')),
  };
  // Only the frames: the stack's first line repeats the unscrubbed message.
  if (typeof e.stack === 'string') {
    out.stack = e.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, MAX_FRAMES)
      .join('\n');
  }
  for (const field of KEPT_FIELDS) {
    const value = e[field];
    if (typeof value === 'string') out[field] = truncate(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[field] = value;
  }
  if (e.cause !== undefined) out.cause = serialize(e.cause, depth + 1, seen);
  if (Array.isArray(e.errors)) out.errors = e.errors.slice(0, 5).map((inner) => serialize(inner, depth + 1, seen));
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

// Query parameters that carry a credential: mailed links (reset, confirmation, unsubscribe tokens),
// OAuth callbacks (code, state) and anything named like a key, secret or signature.
const SECRET_PARAM = /token|secret|passw|signature|^sig$|key$|^code$|^state$|session/i;

/**
 * The URL as a log may show it (security review N2): the value of every credential-like query
 * parameter is replaced, so `/reset-password?token=…` is logged as `/reset-password?token=[redacted]`.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judge the name as sent.
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's request fields, with credentials in the query redacted and the URL shortened (it is the client's to make 16 KB long). */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: truncate(redactUrl(request.url), 500),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The app's logger options with the safe serializers and redaction always in place, whatever a
 * caller (server, tests, benchmarks) passes: only `false` turns logging off.
 */
export function safeLoggerOptions(logger: LoggerOption, level: string): LoggerOption {
  if (logger === false) return false;
  const given = typeof logger === 'object' && logger !== null ? logger : { level };
  // With tracing on, each line logged inside a span carries its trace_id and span_id (decision 0061).
  const mixin = tracingLogMixin();
  return {
    ...(mixin ? { mixin } : {}),
    ...given,
    serializers: { req: serializeRequest, err: serializeError, ...given.serializers },
    redact: given.redact ?? { paths: REDACTED_PATHS, censor: '[redacted]' },
  } as LoggerOption;
}
