import type { SwaggerTransform } from '@fastify/swagger';
import { errorStatus, formatErrorMessage, type ErrorCode, type ErrorParams } from '@linedesk/shared';
import type { FastifySchema } from 'fastify';
import { errorParamExamples } from './error-param-examples.js';

type JsonSchema = Record<string, unknown>;

/** A response that is not JSON (CSV, a file, an event stream), documented as such. */
export type RawContent = { contentType: string; example: string };

/**
 * What /api/docs shows for one route, next to the schemas it already derives from zod. Every JSON
 * example is checked against the route's own zod schema when the document is built, so a wrong
 * example cannot ship (the API tests build the document).
 */
export type RouteExample = {
  /** Path parameters, e.g. `{ id: 42 }`. */
  params?: Record<string, unknown>;
  /** Query string values a typical call sends. */
  query?: Record<string, unknown>;
  /** A JSON body the route accepts, or a non-JSON one (a multipart upload). */
  body?: unknown;
  rawBody?: RawContent;
  /** The success answer (the route's first 2xx status): JSON, or a non-JSON document. */
  response?: unknown;
  rawResponse?: RawContent;
  /** The route answers 204 with no body (for routes whose schema does not say so itself). */
  noContent?: true;
  /**
   * Values of this route for the `{{placeholders}}` of refusals the contract lists (its `errors`);
   * a refusal without them shows the typical values of `errorParamExamples`. A route without a
   * contract lists its refusals here itself.
   */
  errors?: (ErrorCode | [ErrorCode, ErrorParams])[];
};

/** Keyed by `METHOD /url` as the route is declared, e.g. `POST /api/lines/:id/renew`. */
export type RouteExamples = Record<string, RouteExample>;

type ZodLike = { safeParse: (value: unknown) => { success: boolean; error?: { message: string } } };
type RouteSchema = FastifySchema & {
  hide?: boolean;
  response?: Record<string, unknown>;
  /** The contract's error codes (platform/route.ts puts them here). */
  errorCodes?: readonly ErrorCode[];
};

/** The contract's codes in its order, each with the example's placeholder values where it has them. */
function refusals(codes: readonly ErrorCode[] | undefined, example: RouteExample): RouteExample['errors'] {
  const listed = example.errors ?? [];
  if (!codes) return listed;
  type Entry = ErrorCode | [ErrorCode, ErrorParams];
  const valued = new Map<ErrorCode, Entry>(
    listed.map((entry): [ErrorCode, Entry] =>
      typeof entry === 'string' ? [entry, entry] : [entry[0], entry],
    ),
  );
  const fromContract = codes.map((code) => valued.get(code) ?? code);
  const extra = listed.filter((entry) => !codes.includes(typeof entry === 'string' ? entry : entry[0]));
  return [...fromContract, ...extra];
}

function isZod(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && 'safeParse' in value;
}

function assertMatches(key: string, part: string, schema: unknown, example: unknown): void {
  if (!isZod(schema)) return;
  const result = schema.safeParse(example);
  if (!result.success) {
    throw new Error(`The ${part} example of ${key} does not match its schema: ${result.error?.message}`);
  }
}

function withPropertyExamples(schema: unknown, values: Record<string, unknown> | undefined, key: string) {
  if (!values) return schema;
  const json = schema as { properties?: Record<string, JsonSchema> } | undefined;
  const properties = { ...json?.properties };
  for (const [name, value] of Object.entries(values)) {
    if (!properties[name]) throw new Error(`${key} documents an example for unknown parameter "${name}"`);
    properties[name] = { ...properties[name], examples: [value] };
  }
  return { ...json, properties };
}

const errorEnvelope: JsonSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string', description: "The spec's English text; translate by code" },
        details: {},
      },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

/** A refusal's placeholder values: the route's own, else the typical ones every code has. */
function paramsOf(code: ErrorCode, own: ErrorParams | undefined): ErrorParams | undefined {
  return own ?? (errorParamExamples as Partial<Record<ErrorCode, ErrorParams>>)[code];
}

function errorResponses(key: string, errors: RouteExample['errors']): Record<string, JsonSchema> {
  const byStatus = new Map<number, Record<string, { value: unknown }>>();
  for (const entry of errors ?? []) {
    const [code, own] = typeof entry === 'string' ? [entry, undefined] : entry;
    const params = paramsOf(code, own);
    const status = errorStatus(code);
    const message = formatErrorMessage(code, params);
    // The docs show what a client really gets: a whole sentence, never a raw placeholder.
    if (message.includes('{{'))
      throw new Error(`The ${code} example of ${key} leaves a placeholder: ${message}`);
    const error = { code, message, ...(params ? { details: { params } } : {}) };
    byStatus.set(status, { ...byStatus.get(status), [code]: { value: { error } } });
  }
  // Named by code, so the docs page offers "INSUFFICIENT_CREDITS" rather than "example2".
  return Object.fromEntries(
    [...byStatus].map(([status, examples]) => [
      String(status),
      { ...errorEnvelope, description: 'Refused', 'x-examples': examples },
    ]),
  );
}

/**
 * Wraps the zod transform of @fastify/swagger: the route's JSON schemas come from zod as before, and
 * the catalogue adds examples for parameters, body, the success answer and common refusals.
 */
export function withRouteExamples<T extends FastifySchema>(
  transform: SwaggerTransform<T>,
  catalogue: RouteExamples,
): SwaggerTransform<T> {
  return (input) => {
    const output = transform(input) as { schema: RouteSchema; url: string };
    const source = input.schema as RouteSchema | undefined;
    if (!source || source.hide || output.schema?.hide) return output as ReturnType<SwaggerTransform<T>>;
    const methods = [input.route.method].flat().map((m) => String(m).toUpperCase());
    const key = methods.map((m) => `${m} ${input.url}`).find((k) => catalogue[k]);
    const example = (key ? catalogue[key] : undefined) ?? (source.errorCodes ? {} : undefined);
    if (!example) return output as ReturnType<SwaggerTransform<T>>;
    const routeKey = key ?? `${methods[0]} ${input.url}`;

    const schema: RouteSchema = { ...output.schema };
    if (example.params) schema.params = withPropertyExamples(schema.params, example.params, routeKey);
    if (example.query) schema.querystring = withPropertyExamples(schema.querystring, example.query, routeKey);
    if (example.body !== undefined) {
      assertMatches(routeKey, 'body', source.body, example.body);
      schema.body = { ...(schema.body as JsonSchema), examples: [example.body] };
    }
    if (example.rawBody) {
      // @fastify/swagger keeps only a content type's schema, and turns its `examples` into the example.
      schema.body = {
        content: {
          [example.rawBody.contentType]: { schema: { type: 'string', examples: [example.rawBody.example] } },
        },
      };
    }

    const response: Record<string, unknown> = { ...schema.response };
    const success = Object.keys(response).find((status) => /^2\d\d$/.test(status)) ?? '200';
    if (example.response !== undefined) {
      assertMatches(routeKey, 'response', source.response?.[success], example.response);
      response[success] = { ...(response[success] as JsonSchema), examples: [example.response] };
    }
    if (example.rawResponse) {
      response[success] = {
        description: 'Default Response',
        content: {
          [example.rawResponse.contentType]: {
            schema: { type: 'string' },
            example: example.rawResponse.example,
          },
        },
      };
    }
    if (example.noContent) response['204'] = { type: 'null', description: 'Done; no body' };
    schema.response = { ...response, ...errorResponses(routeKey, refusals(source.errorCodes, example)) };
    return { ...output, schema } as ReturnType<SwaggerTransform<T>>;
  };
}
