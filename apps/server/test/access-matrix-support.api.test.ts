// The access matrix for API keys, the dashboard, system, messages, the knowledge base, contact and
// tickets: who may call each operation, on someone else's rows (support/access-matrix.ts).
import { supportRows } from './support/access-matrix-support.js';
import { walkMatrixPart } from './support/access-matrix-walk.js';

walkMatrixPart('support', supportRows);
