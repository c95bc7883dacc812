// The roles, fixtures and expectations the access matrix's rows are written in (see access-matrix.ts).
export type Role =
  'anonymous' | 'user' | 'resellerA' | 'resellerB' | 'subResellerA' | 'admin' | 'apiKeyA' | StaffActor;

/**
 * Staff members (`PUT /api/accounts/:id/staff`), each scoped to reseller A's subtree: the victim is
 * outside it. Plain accounts otherwise, so a row that does not name one expects what `user` gets.
 */
export type StaffActor = 'support' | 'billing' | 'operations';
export const staffActors: readonly StaffActor[] = ['support', 'billing', 'operations'];

export const roles: readonly Role[] = [
  'anonymous',
  'user',
  'resellerA',
  'resellerB',
  'subResellerA',
  'apiKeyA',
  ...staffActors,
  'admin',
];

/** Ids and values the test's setup created through the API. */
export type Fixtures = {
  victimId: string;
  victimEmail: string;
  victimLine: number;
  victimTicket: number;
  victimAttachment: string;
  victimTopup: number;
  /** Approved at setup: it has a receipt. */
  victimTopupCredited: number;
  victimTopupToReject: number;
  /** Made with a manual method that needs no proof, still waiting for the victim's payment. */
  victimTopupAwaiting: number;
  /** Another one awaiting its payment, for the requester to cancel. */
  victimTopupToCancel: number;
  /** Approved by hand at setup, for an admin to undo. */
  victimTopupToRevoke: number;
  /** Submitted with a proof file. */
  victimTopupWithProof: number;
  victimApiKey: string;
  victimSession: string;
  victimMessage: number;
  /** A notice to the victim's webhook that failed for good. */
  victimDelivery: number;
  /** A bulk action the victim started (finished before the walk). */
  victimBulkJob: number;
  /** A draft import of lines the admin uploaded; its one row is refused. */
  adminLineImport: number;
  /** An unused activation code of the victim's, and the text of another one. */
  victimActivationCode: number;
  victimActivationCodeText: string;
  /** An account that signed up and never confirmed its email. */
  unconfirmedAccount: string;
  server: number;
  spareServer: number;
  redeemCode: number;
  redeemCodeText: string;
  redeemCodeTextForKey: string;
  creditPackage: number;
  paymentMethod: number;
  linePlan: number;
  group: number;
  kbCategory: number;
  kbArticleCategory: number;
  kbDraft: number;
};

type Status = number | readonly number[];

/**
 * `reseller` is the answer for reseller A, reseller B, the sub-reseller of A and the API key of A,
 * unless a row names one of them itself. `signedIn` fills user, the resellers and admin. A staff
 * member gets the answer of `user` unless the row names its role (every operation of the role's
 * `staffOperations` must: access-matrix.api.test.ts checks).
 */
export type Expectation = {
  anonymous?: Status;
  user?: Status;
  reseller?: Status;
  admin?: Status;
  signedIn?: Status;
} & Partial<Record<Exclude<Role, 'anonymous' | 'user' | 'admin'>, Status>>;

export type MatrixRow = Expectation & {
  /** Path parameters by name → the fixture to use. */
  params?: Record<string, keyof Fixtures>;
  query?: (f: Fixtures) => Record<string, string>;
  /** JSON body; without it the operation's documented example is sent. */
  body?: (f: Fixtures, role: Role) => unknown;
  /** A multipart form instead of JSON. */
  form?: Record<string, string>;
  /** Server-Sent Events: only the status is read, then the stream is closed. */
  stream?: true;
};

/** The expected status of `role` for a row, or undefined when the row does not say. */
export function expected(row: MatrixRow, role: Role): Status | undefined {
  if (role === 'anonymous') return row.anonymous;
  if (role === 'user' || role === 'admin') return row[role] ?? row.signedIn;
  if ((staffActors as readonly Role[]).includes(role)) return row[role] ?? row.user ?? row.signedIn;
  return row[role] ?? row.reseller ?? row.signedIn;
}

/** The password each role's account was made with (the test's setup). */
export function passwordOf(role: Role): string {
  if (role === 'admin') return 'admin-password-1';
  if (role === 'subResellerA') return 'sub-password-1';
  return 'user-password-1';
}

/** A bulk action on the victim's line, asked for a different way by each role. */
export function bulkBody(f: Fixtures, role: Role): unknown {
  if (role === 'resellerB') return { action: 'disable', filter: { owner_id: f.victimId } };
  if (role === 'apiKeyA') return { action: 'delete', filter: {} };
  if (role === 'subResellerA') return { action: 'move', ids: [f.victimLine], target_owner_id: f.victimId };
  return { action: 'renew', ids: [f.victimLine], subscription_months: 1 };
}

export const adminOnly = { anonymous: 401, user: 403, reseller: 403 } as const;
/** Another owner's row: not signed in 401, anyone else 404 (never 403, so ids reveal nothing). */
export const ownerOnly = { anonymous: 401, user: 404, reseller: 404 } as const;
/** Lines need view_users: plain users 403, other resellers' lines 404. */
export const linesOwner = { anonymous: 401, user: 403, reseller: 404 } as const;
/** Keys and sessions are managed from a browser session only. */
export const browserOnly = { apiKeyA: 403 } as const;
