/**
 * Who may call which operation of `/api/openapi.json`, on objects owned by someone else.
 *
 * One row per operation (`METHOD /path` as in the OpenAPI document). `access-matrix.api.test.ts`
 * fails for an operation without a row here, so a new endpoint cannot skip the question "who may
 * call this, and on whose rows"; `access-matrix-{accounts,lines,support}.api.test.ts` call every
 * row's operation as every role, one part per file.
 *
 * The objects named in `params`/`query`/`body` belong to the victim (a reseller none of the roles
 * owns) or to the admin (codes, packages, groups, servers, KB). An answer of 4xx is a refusal: the
 * test asserts nothing in the database changed. A 2xx answer is the documented answer of a role that
 * legitimately may act; those calls run after every refusal, and no answer to a non-admin may carry
 * the victim's data.
 */
import { accountRows } from './access-matrix-accounts.js';
import { freezeRows } from './access-matrix-freeze.js';
import { lineRows } from './access-matrix-lines.js';
import type { MatrixRow } from './access-matrix-rules.js';
import { portalRows } from './access-matrix-portal.js';
import { withStaffAnswers } from './access-matrix-staff.js';
import { supportRows } from './access-matrix-support.js';

export {
  expected,
  roles,
  staffActors,
  type StaffActor,
  type Expectation,
  type Fixtures,
  type MatrixRow,
  type Role,
} from './access-matrix-rules.js';

export const accessMatrix: Record<string, MatrixRow> = withStaffAnswers({
  ...accountRows,
  ...lineRows,
  ...freezeRows,
  ...supportRows,
  ...portalRows,
});
