import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * Answers written by a serializer compiled once per route from its contract's response schema
 * (fast-json-stringify), instead of checking every answer against the zod schema and then running
 * `JSON.stringify`. A page of the line list (25 lines of 38 fields) spent more time in that check than
 * in reading the page. The compiled serializer writes only the fields the schema declares, as zod's
 * check did: a field added to a row by mistake never reaches the caller.
 *
 * Schemas that JSON Schema cannot express (none of the contracts' responses today) keep zod's check.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const schema = route.schema as unknown;
  const known = schema instanceof z.ZodType ? compiled.get(schema) : undefined;
  if (known) return known;
  const jsonSchema = serializableSchema(schema);
  if (!jsonSchema) return zodSerializerCompiler(route as never) as (data: unknown) => string;
  const serialize = fastJsonStringify(jsonSchema as never) as (data: unknown) => string;
  compiled.set(schema as z.ZodType, serialize);
  return serialize;
};

/**
 * Each contract's serializer, compiled once per process: a serializer keeps no state, and a process
 * that builds the app more than once (the API tests start a server per file in each worker) would
 * otherwise compile every contract again each time.
 */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/** The response schema as JSON Schema for serializing, or null when it has parts JSON Schema lacks. */
export function serializableSchema(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  let unrepresentable = false;
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    override: ({ zodSchema }) => {
      const type = zodSchema._zod.def.type;
      if (type === 'transform' || type === 'pipe' || type === 'custom' || type === 'date')
        unrepresentable = true;
    },
  }) as JsonSchema;
  return unrepresentable ? null : (forSerializing(json) as JsonSchema);
}

/**
 * Only what decides how a value is written stays: checks on the values (patterns, formats, lengths)
 * are the request validator's business, and a union of a type with null becomes one type list, which
 * the serializer writes without testing each branch.
 */
function forSerializing(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerializing);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (CHECKS_ONLY.has(key)) continue;
    // Under `properties` the keys are field names, never keywords.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as JsonSchema).map(([name, field]) => [name, forSerializing(field)]),
          )
        : forSerializing(value);
  }
  const branches = out.anyOf ?? out.oneOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nonNull = branches.filter((branch: JsonSchema) => branch.type !== 'null');
    const only = nonNull[0] as JsonSchema | undefined;
    if (nonNull.length === 1 && only && typeof only.type === 'string' && !only.anyOf && !only.oneOf) {
      delete out.anyOf;
      delete out.oneOf;
      // A nullable enum keeps null among its values: inside a union (sign-in's answer: an account or a
      // two-factor challenge) the serializer tests each branch, and an enum without null fails it.
      const values = Array.isArray(only.enum) ? { enum: [...(only.enum as unknown[]), null] } : {};
      return { ...out, ...only, ...values, type: [only.type, 'null'] };
    }
  }
  return out;
}

const CHECKS_ONLY = new Set([
  '$schema',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'multipleOf',
  'description',
  'examples',
  'title',
]);
