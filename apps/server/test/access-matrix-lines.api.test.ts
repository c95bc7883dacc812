// The access matrix for servers, lines, bulk actions, activation codes, plans, connections and the
// customer portal: who may call each operation, on someone else's rows (support/access-matrix.ts).
import { freezeRows } from './support/access-matrix-freeze.js';
import { lineRows } from './support/access-matrix-lines.js';
import { portalRows } from './support/access-matrix-portal.js';
import { walkMatrixPart } from './support/access-matrix-walk.js';

walkMatrixPart('lines, plans, codes and the portal', { ...lineRows, ...freezeRows, ...portalRows });
