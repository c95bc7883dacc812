import { withDuplicateProblems, type EntryExtra, type EntryProblemCode } from '@linedesk/shared/config-files';
import { isoToDisplayDate, localIsoDate } from './dates';
import { fingerprintOf, foreignAccount, type ForeignAccount } from './foreign-account';
import type { LineBackend, ManagedUser } from './line-backend';
import { outsideParts, type SplitConfig } from './managed-block';
import type { Restrictions } from './restrictions';

/** One account the panel asks to adopt, with the fingerprint its preview listed; expiryDate is ISO. */
export type AdoptRequest = { username: string; fingerprint: string; expiryDate?: string };

export type AdoptResult = {
  username: string;
  status: 200 | 400 | 404 | 409;
  message: string;
  /** A stable name for a refusal, for the panel to act on. */
  code?: 'ACCOUNT_NOT_FOUND' | 'ACCOUNT_CHANGED' | 'ACCOUNT_NOT_ADOPTABLE' | 'EXPIRY_DATE_REQUIRED';
  /** false when the account was already managed (a rerun): nothing changed. */
  adopted?: boolean;
  user?: ManagedUser;
};

/** An unmanaged account as GET /unmanaged-accounts answers it (dates DD-MM-YYYY like the rest of the API). */
export type UnmanagedAccount = {
  username: string;
  passwordSet: boolean;
  expiryDate: string | null;
  enabled: boolean;
  restrictions?: Restrictions;
  /** The entry's settings the panel does not model, kept verbatim (see the API docs). */
  extra: EntryExtra;
  /**
   * The text the agent writes for it once adopted (without an expdate while it has none: the date
   * sent with the adoption goes there).
   */
  entry: string;
  adoptable: boolean;
  problems: string[];
  /** The problems as codes (NO_PASSWORD, DUPLICATE_USERNAME …), in the same order. */
  problemCodes: EntryProblemCode[];
  fingerprint: string;
};

function readOutside(split: SplitConfig, backend: LineBackend): ForeignAccount[] {
  const located = outsideParts(split).flatMap((part, index) =>
    backend.readAccounts(part).map((entry) => ({ entry, part: index })),
  );
  // Two entries of one name (before and after the block alike): only a human can tell which one the
  // server uses.
  const entries = withDuplicateProblems(located.map(({ entry }) => entry));
  return entries.map((entry, index) => foreignAccount(entry, located[index]!.part));
}

export function listUnmanaged(split: SplitConfig, backend: LineBackend): UnmanagedAccount[] {
  const today = localIsoDate();
  return readOutside(split, backend).map((account) => ({
    username: account.username,
    passwordSet: account.password !== null,
    expiryDate: account.expiryDate ? isoToDisplayDate(account.expiryDate) : null,
    enabled: account.enabled,
    ...(account.restrictions ? { restrictions: account.restrictions } : {}),
    extra: account.extra,
    entry: backend.previewEntry(account, today),
    adoptable: account.problems.length === 0,
    problems: account.problems,
    problemCodes: account.problemCodes,
    fingerprint: fingerprintOf(account.text),
  }));
}

/** Removes [start, end) ranges from a text, keeping every other byte. */
function cut(text: string, ranges: readonly { start: number; end: number }[]): string {
  let out = text;
  for (const { start, end } of [...ranges].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, start) + out.slice(end);
  }
  return out;
}

/**
 * Decides each request against the file as it is now and cuts the adopted entries out of the parts
 * outside the block; the caller writes them into the block in the same write.
 */
export function planAdoption(
  split: SplitConfig,
  managed: readonly ManagedUser[],
  backend: LineBackend,
  requests: readonly AdoptRequest[],
): { split: SplitConfig; added: ManagedUser[]; results: AdoptResult[] } {
  const accounts = readOutside(split, backend);
  const added: ManagedUser[] = [];
  const taken: ForeignAccount[] = [];
  // By name: up to 1000 requests a call against a server's thousands of managed users.
  const known = new Map(managed.map((user) => [user.username, user]));
  const outside = new Map<string, (typeof accounts)[number]>();
  for (const entry of accounts) if (!outside.has(entry.username)) outside.set(entry.username, entry);
  const results = requests.map((request): AdoptResult => {
    const { username } = request;
    const already = known.get(username);
    if (already) {
      return {
        username,
        status: 200,
        adopted: false,
        message: 'Already managed; nothing changed',
        user: already,
      };
    }
    const account = outside.get(username);
    if (!account) {
      return {
        username,
        status: 404,
        code: 'ACCOUNT_NOT_FOUND',
        message: `No entry for "${username}" in ${backend.fileLabel}`,
      };
    }
    if (fingerprintOf(account.text) !== request.fingerprint) {
      return {
        username,
        status: 409,
        code: 'ACCOUNT_CHANGED',
        message: `The entry for "${username}" changed since it was listed; list the accounts again`,
      };
    }
    if (account.problems.length > 0) {
      return { username, status: 409, code: 'ACCOUNT_NOT_ADOPTABLE', message: account.problems.join('; ') };
    }
    const expiryDate = account.expiryDate ?? request.expiryDate;
    if (!expiryDate) {
      return {
        username,
        status: 400,
        code: 'EXPIRY_DATE_REQUIRED',
        message: `The entry for "${username}" has no expiry date; send one`,
      };
    }
    const user: ManagedUser = {
      username,
      password: account.password ?? '',
      expiryDate,
      enabled: account.enabled,
      ...(account.restrictions ? { restrictions: account.restrictions } : {}),
      // An OSCam section whose every line the panel models has no extra to keep.
      ...('oscam' in account.extra && account.extra.oscam.length === 0 ? {} : { extra: account.extra }),
    };
    added.push(user);
    known.set(username, user);
    taken.push(account);
    return { username, status: 200, adopted: true, message: 'Account adopted', user };
  });
  const parts = outsideParts(split).map((part, index) =>
    cut(
      part,
      taken.filter((account) => account.part === index),
    ),
  );
  const next: SplitConfig =
    split.block !== null
      ? { ...split, head: parts[0] ?? '', tail: parts[1] ?? '' }
      : { ...split, head: parts[0] ?? '' };
  return { split: next, added, results };
}
