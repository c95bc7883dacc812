// One part of the access matrix: every row of `rows` called as every role, refusals first. Each part
// runs in its own test file on its own server (access-matrix-world.ts), so no part waits for another
// and a slow machine stretches each part alone, not the whole matrix in one test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expected, roles, type MatrixRow } from './access-matrix.js';
import { withStaffAnswers } from './access-matrix-staff.js';
import { MARK, operations, startMatrixWorld, type MatrixWorld } from './access-matrix-world.js';
import { changedTables, ledgerMismatches } from './db-fingerprint.js';

function matches(status: number, want: number | readonly number[]): boolean {
  return typeof want === 'number' ? status === want : want.includes(status);
}

/**
 * Calls every row of `rows` as every role: first the refusals, each checked to change nothing, then
 * the allowed calls, deletions and sign-outs last so the rows the others act on still exist.
 */
export function walkMatrixPart(part: string, partRows: Record<string, MatrixRow>): void {
  const rows = withStaffAnswers(partRows);
  let world: MatrixWorld;

  beforeAll(async () => {
    world = await startMatrixWorld();
  });

  afterAll(async () => {
    await world?.close();
  });

  const ops = () => operations(world.doc).filter((o) => rows[o.key]);

  describe(`access matrix: ${part}`, () => {
    it('has an operation of /api/openapi.json for each of its rows', () => {
      const known = new Set(operations(world.doc).map((o) => o.key));
      expect(Object.keys(rows).filter((k) => !known.has(k))).toEqual([]);
    });

    it('refuses every role that may not act, and the refusal changes nothing', async () => {
      const wrong: string[] = [];
      const changed: string[] = [];
      const leaks: string[] = [];
      let calls = 0;
      for (const o of ops()) {
        const row = rows[o.key]!;
        const refused = roles.filter((r) => {
          const want = expected(row, r);
          return want !== undefined && [want].flat().every((s) => s >= 400);
        });
        if (refused.length === 0) continue;
        const before = await world.fingerprint();
        for (const role of refused) {
          const res = await world.call(role, o.method, o.template, row);
          calls += 1;
          const want = expected(row, role)!;
          if (!matches(res.status, want)) {
            wrong.push(
              `${o.key} as ${role}: ${res.status} (want ${String(want)}) ${JSON.stringify(res.body).slice(0, 200)}`,
            );
          }
          if (role !== 'admin' && JSON.stringify(res.body ?? '').includes(MARK)) {
            leaks.push(`${o.key} as ${role}`);
          }
        }
        const after = await world.fingerprint();
        const tables = changedTables(before, after);
        if (tables.length > 0) changed.push(`${o.key} (${refused.join(', ')}) changed ${tables.join(', ')}`);
      }
      console.log(`access matrix (${part}): ${calls} refused calls over ${ops().length} operations`);
      expect({ wrong, leaks, changed }).toEqual({ wrong: [], leaks: [], changed: [] });
    }, 240_000);

    it('answers the roles that may act as documented, never with the victim’s data', async () => {
      const wrong: string[] = [];
      const leaks: string[] = [];
      let calls = 0;
      const rank = (o: { key: string; method: string }) =>
        o.key === 'POST /api/auth/sign-out' ? 2 : o.method === 'DELETE' ? 1 : 0;
      const ordered = ops().sort((a, b) => rank(a) - rank(b));
      for (const o of ordered) {
        const row = rows[o.key]!;
        for (const role of roles) {
          const want = expected(row, role);
          if (want === undefined || [want].flat().every((s) => s >= 400)) continue;
          const res = await world.call(role, o.method, o.template, row);
          calls += 1;
          if (!matches(res.status, want)) {
            wrong.push(
              `${o.key} as ${role}: ${res.status} (want ${String(want)}) ${JSON.stringify(res.body).slice(0, 200)}`,
            );
          }
          if (role !== 'admin' && JSON.stringify(res.body ?? '').includes(MARK)) {
            leaks.push(`${o.key} as ${role}: ${JSON.stringify(res.body).slice(0, 300)}`);
          }
        }
      }
      console.log(`access matrix (${part}): ${calls} allowed calls`);
      expect({ wrong, leaks }).toEqual({ wrong: [], leaks: [] });
      // Whatever moved credits, every balance is still the sum of its ledger.
      expect(await ledgerMismatches(world.server)).toEqual([]);
    }, 240_000);
  });
}
