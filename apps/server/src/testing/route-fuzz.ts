import fc from 'fast-check';

// Arbitraries for the route fuzz test (routes.fuzz.int.test.ts), driven by the OpenAPI document:
// every documented route, its path and query parameters and its JSON body fields.

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}

export interface DocumentedRoute {
  method: string;
  /** OpenAPI path, `{name}` for a parameter. */
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: Record<string, JsonSchema> | null;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export function documentedRoutes(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): DocumentedRoute[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const params = op.parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}])),
        body: op.requestBody?.content?.['application/json']?.schema?.properties ?? null,
      };
    }),
  );
}

/** Values that exist in the test database, so fuzzed requests also reach past the lookups. */
export interface KnownValues {
  ids: string[];
  usernames: string[];
}

const char16 = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** Text a browser would never send: NUL, lone surrogates, control characters, huge or empty. */
export const nastyString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    '',
    '   ',
    '%00',
    "' or 1=1 --",
    '__proto__',
  ),
  fc.string({ unit: char16, maxLength: 30 }),
  fc.integer({ min: 2, max: 5 }).map((power) => 'é'.repeat(10 ** power)),
);

/** Keyset cursors: well-formed ones holding the wrong types, and ones that are not cursors at all. */
export const oddCursor = fc.oneof(
  fc
    .tuple(
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.integer(),
        fc.double(),
        fc.constant(null),
        fc.constantFrom('2026-02-31 10:00:00+00', '2026-11-01 25:00:00+00', '2026-11-01 10:00:00.123456+00'),
      ),
      fc.oneof(fc.uuid(), fc.string({ maxLength: 36 }), fc.constant('-'.repeat(36))),
    )
    .map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
  fc.string({ unit: char16, maxLength: 20 }).map((s) => Buffer.from(s).toString('base64url')),
  fc.constantFrom('!!!', '====', 'W10', 'bnVsbA', 'e30'),
);

export const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

function plausible(name: string, schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...known.ids), fc.uuid());
  if (type === 'boolean') return fc.boolean();
  if (type === 'integer' || type === 'number') return fc.integer({ min: -5, max: 100_000 });
  if (/email/i.test(name)) return fc.emailAddress();
  if (/username/i.test(name))
    return fc.oneof(fc.constantFrom(...known.usernames), fc.stringMatching(/^[a-z0-9_]{3,20}$/));
  if (name === 'cursor') return oddCursor;
  return fc.oneof(
    fc.constant('Hello! A message long enough for every rule.'),
    fc.string({ maxLength: 40 }),
    fc.constantFrom('true', 'false', '4242 4242 4242 4242', '12 / 30', '123'),
  );
}

/** A field's value: usually a sensible one, often a nasty string, sometimes the wrong JSON type. */
export function fieldValue(name: string, schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: plausible(name, schema, known) },
    { weight: 2, arbitrary: nastyString },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: oddCursor },
  );
}

/** Request bodies that are broken as bodies: bad JSON, other content types, malformed multipart. */
export const rawBody = fc.constantFrom(
  { type: 'application/json', payload: '{"a":' },
  { type: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { type: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { type: 'application/json', payload: '"\\ud800"' },
  { type: 'application/json', payload: '' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { type: 'multipart/form-data', payload: 'abc' },
  { type: 'multipart/form-data; boundary=----x', payload: 'abc' },
  {
    type: 'multipart/form-data; boundary=----x',
    payload:
      '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n',
  },
  {
    type: 'multipart/form-data; boundary=----x',
    payload:
      '------x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot an image\r\n------x--\r\n',
  },
  { type: 'application/octet-stream', payload: '\u0000\u0001' },
);

/**
 * Percent-encodes any string, lone surrogates included (as the UTF-8 bytes a careless client would
 * produce, which are not valid UTF-8), where encodeURIComponent would throw.
 */
export function encodeLoosely(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const pair = unit >= 0xd800 && unit <= 0xdbff ? value.charCodeAt(i + 1) : Number.NaN;
    if (pair >= 0xdc00 && pair <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[i] ?? '');
    }
  }
  return out;
}

/** A query or path value: a sensible string, a nasty one, a cursor, or broken percent-encoding. */
export function urlValue(name: string, schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    fieldValue(name, schema, known).map((v) =>
      encodeLoosely(typeof v === 'string' ? v.slice(0, 3000) : JSON.stringify(v)),
    ),
    fc.constantFrom('%', '%zz', '%00', '%C0%80', '%ED%A0%80'),
  );
}
