// The access matrix for sign-in, accounts, credits, top-ups, payments and groups: who may call each
// operation, on someone else's rows (support/access-matrix.ts).
import { accountRows } from './support/access-matrix-accounts.js';
import { walkMatrixPart } from './support/access-matrix-walk.js';

walkMatrixPart('accounts', accountRows);
