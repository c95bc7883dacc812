import path from 'node:path';
import {
  OSCAM_SECTION as SECTION,
  OSCAM_USER_KEY as USER_KEY,
  readOscamEntries,
  renderOscamAccount,
} from '@linedesk/shared/config-files';
import type { AgentConfig } from './config';
import { lineEnded, oscamExpdate } from './expiry';
import type { LineBackend, ManagedUser } from './line-backend';

export function createOscamBackend(config: Pick<AgentConfig, 'configFile' | 'oscam'>): LineBackend {
  const isServed = (user: ManagedUser, now: Date): boolean => user.enabled && !lineEnded(user, now);
  const defaults = { group: config.oscam.group };
  // An expired OSCam account can still log in (only its requests are refused with "expdate"), so
  // an expired line is also written disabled, and enabled again on renewal.
  // Each write renders every account; records never change in place (a change is a new record), so
  // an account's lines are kept with its record and a write renders only what changed.
  const rendered = new WeakMap<ManagedUser, { served: boolean; lines: string[] }>();
  const renderAccount = (user: ManagedUser, now: Date): string[] => {
    const served = isServed(user, now);
    const kept = rendered.get(user);
    if (kept?.served === served) return kept.lines;
    // expdate: the local day the line's last moment falls in (src/expiry.ts).
    const lines = renderOscamAccount({ ...user, expiryDate: oscamExpdate(user), served }, defaults);
    rendered.set(user, { served, lines });
    return lines;
  };

  return {
    name: 'oscam',
    fileLabel: path.basename(config.configFile),
    // Every account is always written; the expiry timer flips `disabled` when a line expires.
    isServed,
    renderEntries: (users, now) => {
      // A loop rather than flatMap with spreads: this runs over every account on every write.
      const lines: string[] = [];
      for (const user of users) {
        if (lines.length > 0) lines.push('');
        for (const line of renderAccount(user, now)) lines.push(line);
      }
      return lines;
    },
    // Any well-formed [account] section can be adopted: the keys the panel models become its
    // restrictions and every other line of the section its `extra`, written back as it is.
    readAccounts: (part) => readOscamEntries(part).filter((entry) => entry.username !== ''),
    previewEntry: (account, today) =>
      renderOscamAccount(
        {
          ...account,
          password: account.password ?? '',
          served: account.enabled && (account.expiryDate === null || today <= account.expiryDate),
        },
        defaults,
      ).join('\n'),
    entryUsernames: (text) => {
      const names: string[] = [];
      let section: string | null = null;
      for (const line of text.split(/\r?\n/)) {
        const header = SECTION.exec(line);
        if (header) {
          section = (header[1] ?? '').trim().toLowerCase();
          continue;
        }
        const user = section === 'account' ? USER_KEY.exec(line) : null;
        if (user?.[1]) names.push(user[1]);
      }
      return names;
    },
  };
}
