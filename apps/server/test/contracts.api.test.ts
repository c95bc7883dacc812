import * as shared from '@linedesk/shared';
import type { Contract } from '@linedesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMatrix, expected, type Role } from './support/access-matrix.js';
import { startTestServer, type TestServer } from './support/test-server.js';

type OpenApi = { paths: Record<string, Record<string, unknown>> };
type Operation = {
  responses?: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }>;
};

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every contract of every area, from the namespaces `@linedesk/shared` exports (`…Contracts`). */
function allContracts(): Contract[] {
  return Object.entries(shared)
    .filter(([name]) => name.endsWith('Contracts'))
    .flatMap(([, area]) => Object.values(area as Record<string, Contract>));
}

/** `/api/lines/:id` as the OpenAPI document writes it: `/api/lines/{id}`. */
function documented(contract: Contract): string {
  return `${contract.method} ${contract.path.replace(/:(\w+)/g, '{$1}')}`;
}

function statuses(role: Role, key: string): number[] {
  const row = accessMatrix[key];
  if (!row) return [];
  const status = expected(row, role);
  return status === undefined ? [] : typeof status === 'number' ? [status] : [...status];
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('endpoint contracts', () => {
  it('documents exactly the operations the shared contracts declare', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    const doc = (await res.json()) as OpenApi;
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => methods.has(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = allContracts()
      .filter((contract) => !contract.hide)
      .map(documented);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...operations].sort()).toEqual([...declared].sort());
  });

  it('documents each refusal under the status its code is answered with', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApi;
    const documentedAt = new Map<string, string>();
    const misplaced: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          for (const code of Object.keys(response.content?.['application/json']?.examples ?? {})) {
            documentedAt.set(`${method.toUpperCase()} ${path} ${code}`, status);
            const known = Object.hasOwn(shared.errorDefinitions, code);
            if (!known || String(shared.errorStatus(code as shared.ErrorCode)) !== status)
              misplaced.push(`${method.toUpperCase()} ${path}: ${code} under ${status}`);
          }
        }
      }
    }
    expect(misplaced).toEqual([]);
    // A ticket the database refuses is a server failure (500), not a refusal of the request (422).
    expect(documentedAt.get('POST /api/tickets TICKET_CREATE_FAILED')).toBe('500');
  });

  it('declares the same access the access matrix observes for each caller', () => {
    const mismatches: string[] = [];
    for (const contract of allContracts()) {
      const key = documented(contract);
      if (!accessMatrix[key]) {
        if (!contract.hide) mismatches.push(`${key}: no row in the access matrix`);
        continue;
      }
      const access = contract.access;
      // `portalOptional` lets signed-out callers in like `optional` (the portal's own sign-in is no panel one).
      const signedOutRefused = access !== 'public' && access !== 'optional' && access !== 'portalOptional';
      if (signedOutRefused && !statuses('anonymous', key).includes(401)) {
        mismatches.push(`${key}: declared ${JSON.stringify(access)} but a signed-out caller is not refused`);
      }
      if (access === 'admin') {
        for (const role of ['user', 'resellerA'] as const) {
          if (!statuses(role, key).includes(403))
            mismatches.push(`${key}: admin only, but ${role} is not refused`);
        }
      }
      if (access === 'browserSession' && !statuses('apiKeyA', key).includes(403)) {
        mismatches.push(`${key}: browser sessions only, but an API key is not refused`);
      }
      if (typeof access === 'object' && 'permission' in access && !statuses('user', key).includes(403)) {
        mismatches.push(`${key}: needs ${access.permission}, but a plain user is not refused`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
