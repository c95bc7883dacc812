import type { Account } from './account.js';

// Kept apart from the account schemas: the signed-in shell names the account on every page, and the
// schemas (zod) would come with these two functions into the web app's first download.

type NamedAccount = Pick<Account, 'email' | 'username' | 'profile_username'>;

/**
 * The name an account goes by wherever the panel shows one: the username chosen at sign-up. Without
 * one the API sends the email there, and the email's local part reads better next to the address.
 */
export function accountName(account: NamedAccount): string {
  const chosen = account.profile_username.trim();
  return chosen && chosen !== account.email ? chosen : account.username;
}

/** The full name when the account gave one, else its name. */
export function accountDisplayName(account: NamedAccount & Pick<Account, 'full_name'>): string {
  return account.full_name.trim() || accountName(account);
}
