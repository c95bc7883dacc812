import path from 'node:path';
import type { AgentConfig } from './config';
import type { LineBackend, ManagedUser } from './line-backend';

const SECTION = /^\s*\[([^\]]*)\]/;
const USER_KEY = /^\s*user\s*=\s*(.*?)\s*$/i;

export function createOscamBackend(config: Pick<AgentConfig, 'configFile' | 'oscam'>): LineBackend {
  const renderAccount = (user: ManagedUser): string[] => [
    '[account]',
    `user = ${user.username}`,
    `pwd = ${user.password}`,
    `group = ${config.oscam.group}`,
    `expdate = ${user.expiryDate}`,
    `disabled = ${user.enabled ? 0 : 1}`,
  ];

  return {
    name: 'oscam',
    fileLabel: path.basename(config.configFile),
    // OSCam enforces expdate and disabled itself, so every account is always written.
    isServed: (user, today) => user.enabled && today <= user.expiryDate,
    renderEntries: (users) =>
      users.flatMap((user, index) => [...(index > 0 ? [''] : []), ...renderAccount(user)]),
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
