// The access matrix's coverage: every operation of /api/openapi.json has a row. The rows themselves
// are walked in parts, one test file each (access-matrix-accounts, -lines, -support), each on its own
// server, so the parts run side by side and each finishes well inside its limit on a busy machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOperations } from '@linedesk/shared';
import { accessMatrix, expected, roles, staffActors } from './support/access-matrix.js';
import { operations, type OpenApi, type Operation } from './support/access-matrix-world.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let doc: OpenApi;

/** The row to paste for an operation the matrix does not know yet. */
function rowToAdd(key: string, op: Operation): string {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => `${p.name}: '<fixture>'`);
  const lines = [`  '${key}': {`];
  if (params.length > 0) lines.push(`    params: { ${params.join(', ')} },`);
  if (op.requestBody?.content?.['application/json']) {
    lines.push(
      `    body: (f, role) => (${JSON.stringify(op.requestBody.content['application/json'].example ?? {})}),`,
    );
  }
  lines.push(`    anonymous: 401, user: 403, reseller: 404, admin: 200, // the answers each role must get`);
  lines.push('  },');
  return lines.join('\n');
}

beforeAll(async () => {
  server = await startTestServer();
  doc = (await server.client().get('/api/openapi.json')).body as OpenApi;
});

afterAll(async () => {
  await server?.close();
});

describe('access matrix', () => {
  it('has one row for every operation of /api/openapi.json, and none for operations that are gone', () => {
    const keys = operations(doc);
    const missing = keys.filter((o) => !accessMatrix[o.key]);
    const message = missing
      .map((o) => rowToAdd(o.key, doc.paths[o.template]![o.method.toLowerCase()]!))
      .join('\n');
    expect(
      missing.map((o) => o.key),
      'Operations without a row. Add to accessMatrix in apps/server/test/support/access-matrix.ts ' +
        'the rows below, with the status each role must get (anonymous, user, reseller — which also ' +
        'covers reseller B, the sub-reseller and the API key unless you name them — and admin; ' +
        'signedIn sets all but anonymous). A path parameter names a key of Fixtures: an object ' +
        'someone else owns, created in access-matrix-world.ts. The body must be valid, so a refusal is ' +
        `about access and an allowed call succeeds:\n${message}\n`,
    ).toEqual([]);
    const known = new Set(keys.map((o) => o.key));
    const stale = Object.keys(accessMatrix).filter((k) => !known.has(k));
    expect(stale, 'Rows for operations the OpenAPI document no longer has: remove them').toEqual([]);
    // Every operation a staff role acts in as an admin says, in its row, what that role gets.
    for (const role of staffActors) {
      const keysOfRole = Object.keys(staffOperations[role]).map((k) => k.replace(/:(\w+)/g, '{$1}'));
      const unanswered = keysOfRole.filter((k) => accessMatrix[k]?.[role] === undefined);
      expect(unanswered, `staff operations of ${role} without its answer in access-matrix-staff.ts`).toEqual(
        [],
      );
    }
    for (const o of keys) {
      const row = accessMatrix[o.key]!;
      for (const role of roles) {
        expect(expected(row, role), `${o.key}: no answer for ${role}`).toBeDefined();
      }
    }
  });
});
