import * as contracts from '@linedesk/shared';
import type { Contract } from '@linedesk/shared';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeExamples } from '../modules/route-examples.js';
import { responseSerializerCompiler, serializableSchema } from './response-serializer.js';

/** Every contract of every area, keyed as the examples are (`METHOD /url`). */
function everyContract(): [string, Contract][] {
  return Object.entries(contracts)
    .filter(([name]) => name.endsWith('Contracts'))
    .flatMap(([, area]) => Object.values(area as Record<string, Contract>))
    .filter((contract) => contract.response)
    .map((contract) => [`${contract.method} ${contract.path}`, contract]);
}

const compile = (compiler: typeof responseSerializerCompiler, contract: Contract) =>
  compiler({
    schema: contract.response as z.ZodType,
    method: contract.method,
    url: contract.path,
    httpPart: 'body',
  });

describe('compiled response serializer', () => {
  it('writes every documented answer exactly as the zod check and JSON.stringify did', () => {
    let compared = 0;
    for (const [key, contract] of everyContract()) {
      const example = routeExamples[key]?.response;
      if (example === undefined) continue;
      const compiled = compile(responseSerializerCompiler, contract);
      const checked = compile(zodSerializerCompiler as never, contract);
      expect(JSON.parse(compiled(example)), key).toEqual(JSON.parse(checked(example)));
      compared += 1;
    }
    // The examples cover most endpoints; a change that stops finding them must not pass silently.
    expect(compared).toBeGreaterThan(60);
  });

  it('compiles every JSON answer of the API, none left to the slower check', () => {
    const left = everyContract()
      .filter(([, contract]) => serializableSchema(contract.response) === null)
      .map(([key]) => key);
    expect(left).toEqual([]);
  });

  it('never writes a field the schema does not declare, nested or not', () => {
    const schema = z.object({
      id: z.number().int(),
      owner: z.object({ email: z.string() }).nullable(),
      items: z.array(z.object({ name: z.string().nullable() })),
    });
    const write = responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpPart: 'body' });
    const written = JSON.parse(
      write({
        id: 1,
        password: 'secret',
        owner: { email: 'a@example.com', passwordHash: 'x' },
        items: [{ name: null, token: 't' }],
      }),
    );
    expect(written).toEqual({ id: 1, owner: { email: 'a@example.com' }, items: [{ name: null }] });
  });

  it("writes a nullable enum's null inside a union (sign-in: an account that never chose a language)", () => {
    const schema = z.union([
      z.object({ id: z.string(), language: z.enum(['en', 'de']).nullable() }),
      z.object({ two_factor_required: z.literal(true) }),
    ]);
    const write = responseSerializerCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' });
    expect(JSON.parse(write({ id: 'a', language: null }))).toEqual({ id: 'a', language: null });
    expect(JSON.parse(write({ id: 'a', language: 'de' }))).toEqual({ id: 'a', language: 'de' });
    expect(JSON.parse(write({ two_factor_required: true }))).toEqual({ two_factor_required: true });
  });
});
