import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

// Issue 14: the zod serializer encodes every outgoing object against its schema and then calls
// JSON.stringify (≈26 µs a browse response). On the hot public reads the response schema is compiled
// once into a fast-json-stringify function instead: it writes the same keys in the same order (the
// schema's), turns Dates into ISO strings like the ZTimestamp codec, and still refuses a response
// that lacks a required field. What it does not do is check formats (uuid, e-mail): these routes
// return rows read straight from the database through typed columns.

type JsonSchema = Record<string, unknown>;

/** `anyOf: [{type: X}, {type: 'null'}]` (zod's nullable) as `type: [X, 'null']`, which compiles without a run-time branch check. */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _drop, ...rest } = out;
      const merged: JsonSchema = { ...rest, ...other, type: [other.type, 'null'] };
      if (Array.isArray(merged.enum)) merged.enum = [...merged.enum, null];
      return merged;
    }
  }
  return out;
}

/** The JSON Schema of what goes over the wire (the codec's input side: timestamps as strings). */
export function wireJsonSchema(schema: ZodType): JsonSchema {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as JsonSchema;
  return simplifyNullable(json) as JsonSchema;
}

/**
 * A route-level `serializerCompiler` for hot read routes: fast-json-stringify compiled from the zod
 * response schema; a schema JSON Schema cannot express falls back to the zod serializer.
 */
export function compiledSerializerCompiler(route: {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}): (data: unknown) => string {
  let json: JsonSchema;
  try {
    json = wireJsonSchema(route.schema as ZodType);
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
  return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}
