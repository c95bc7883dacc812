import path from 'node:path';
import type { AgentConfig } from './config';
import type { LineBackend, ManagedUser } from './line-backend';
import { oscamRestrictionLines } from './restrictions';

const SECTION = /^\s*\[([^\]]*)\]/;
const USER_KEY = /^\s*user\s*=\s*(.*?)\s*$/i;

export function createOscamBackend(config: Pick<AgentConfig, 'configFile' | 'oscam'>): LineBackend {
  const isServed = (user: ManagedUser, today: string): boolean => user.enabled && today <= user.expiryDate;
  // An expired OSCam account can still log in (only its requests are refused with "expdate"), so
  // an expired line is also written disabled, and enabled again on renewal.
  // Each write renders every account; records never change in place (a change is a new record), so
  // an account's lines are kept with its record and a write renders only what changed.
  const rendered = new WeakMap<ManagedUser, { served: boolean; lines: string[] }>();
  const renderAccount = (user: ManagedUser, today: string): string[] => {
    const served = isServed(user, today);
    const kept = rendered.get(user);
    if (kept?.served === served) return kept.lines;
    const lines = accountLines(user, served);
    rendered.set(user, { served, lines });
    return lines;
  };
  const accountLines = (user: ManagedUser, served: boolean): string[] => [
    '[account]',
    `user = ${user.username}`,
    `pwd = ${user.password}`,
    `group = ${config.oscam.group}`,
    `expdate = ${user.expiryDate}`,
    `disabled = ${served ? 0 : 1}`,
    ...oscamRestrictionLines(user.restrictions),
  ];

  return {
    name: 'oscam',
    fileLabel: path.basename(config.configFile),
    // Every account is always written; the expiry timer flips `disabled` when a line expires.
    isServed,
    renderEntries: (users, today) =>
      users.flatMap((user, index) => [...(index > 0 ? [''] : []), ...renderAccount(user, today)]),
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
