import type { ConfigEntry, EntryExtra } from '@linedesk/shared/config-files';
import type { BackendName } from './config';
import type { ForeignAccount } from './foreign-account';
import type { Restrictions } from './restrictions';

/** One line account as the agent stores it; expiryDate is ISO YYYY-MM-DD. */
export type ManagedUser = {
  username: string;
  password: string;
  expiryDate: string;
  /** The instant the line ends (ISO, from the panel); absent from older panels (src/expiry.ts). */
  expiresAt?: string;
  enabled: boolean;
  /** The line plan's limits; absent for a line without any. */
  restrictions?: Restrictions;
  /** The entry's own settings the panel does not model, written verbatim; absent for none. */
  extra?: EntryExtra;
};

export type LineBackend = {
  name: BackendName;
  /** Short file label used in messages, e.g. "CCcam.cfg". */
  fileLabel: string;
  /** Whether a user gets a working entry at `now`; CCcam has no expiry field so the agent decides. */
  isServed(user: ManagedUser, now: Date): boolean;
  /** The managed block's lines for these users at `now`. */
  renderEntries(users: readonly ManagedUser[], now: Date): string[];
  /** Usernames of entries in text the agent does not manage (one part of the file at a time). */
  entryUsernames(text: string): string[];
  /**
   * The entries of one part of the file outside the managed block, for listing and adoption (only
   * those with a username: the name is how the panel asks for one).
   */
  readAccounts(part: string): ConfigEntry[];
  /**
   * The text an unmanaged entry gets once adopted (its own expiry, or none yet when it has none),
   * whether or not it is served today.
   */
  previewEntry(account: ForeignAccount, today: string): string;
};
