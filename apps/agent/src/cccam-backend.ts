import path from 'node:path';
import type { AgentConfig } from './config';
import type { LineBackend, ManagedUser } from './line-backend';

// F: <user> <pass> <uphops> <shareemus> <allowemm> { caid:id:downhops } { caid:id:sid } { begin-end } <hostname>
const F_LINE = /^\s*F:\s*(\S+)/;

export function createCccamBackend(config: Pick<AgentConfig, 'configFile' | 'cccam'>): LineBackend {
  const { uphops, shareEmus, allowEmm, lineSuffix } = config.cccam;
  const fixedFields = `${uphops} ${shareEmus} ${allowEmm}${lineSuffix ? ` ${lineSuffix}` : ''}`;

  // Inclusive, like OSCam's expdate (valid until 23:59:59 of that day in local time).
  const isServed = (user: ManagedUser, today: string): boolean => user.enabled && today <= user.expiryDate;

  return {
    name: 'cccam',
    fileLabel: path.basename(config.configFile),
    isServed,
    renderEntries: (users, today) =>
      users
        .filter((user) => isServed(user, today))
        .map((user) => `F: ${user.username} ${user.password} ${fixedFields}`),
    entryUsernames: (text) =>
      text
        .split(/\r?\n/)
        .map((line) => F_LINE.exec(line)?.[1])
        .filter((name): name is string => name !== undefined),
  };
}
