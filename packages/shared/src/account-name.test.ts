import { describe, expect, it } from 'vitest';
import { accountDisplayName, accountName } from './account-name.js';

describe('account names', () => {
  const base = { email: 'anna.k@example.com', username: 'anna.k', full_name: '' };

  it('shows the username chosen at sign-up, else the email local part', () => {
    expect(accountName({ ...base, profile_username: 'AnnaTV' })).toBe('AnnaTV');
    // Without a chosen one the API sends the email itself.
    expect(accountName({ ...base, profile_username: 'anna.k@example.com' })).toBe('anna.k');
    expect(accountName({ ...base, profile_username: ' ' })).toBe('anna.k');
  });

  it('prefers the full name for greetings and avatars', () => {
    expect(accountDisplayName({ ...base, profile_username: 'AnnaTV', full_name: 'Anna Kowalska' })).toBe(
      'Anna Kowalska',
    );
    expect(accountDisplayName({ ...base, profile_username: 'AnnaTV' })).toBe('AnnaTV');
  });
});
