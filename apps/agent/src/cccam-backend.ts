import path from 'node:path';
import { CCCAM_F_LINE, readCccamEntries, renderCccamFLine } from '@linedesk/shared/config-files';
import type { AgentConfig } from './config';
import { lineEnded } from './expiry';
import type { LineBackend, ManagedUser } from './line-backend';

export { ALL_CAIDS_LIMIT } from '@linedesk/shared/config-files';

export function createCccamBackend(config: Pick<AgentConfig, 'configFile' | 'cccam'>): LineBackend {
  const { uphops, shareEmus, allowEmm, lineSuffix } = config.cccam;
  const defaults = { uphops, shareEmus, allowEmm, lineSuffix };

  // Until the instant the panel gave, else through the expiry date in local time (src/expiry.ts).
  const isServed = (user: ManagedUser, now: Date): boolean => user.enabled && !lineEnded(user, now);

  // A plan's hops replace the uphops field; its reshare is the first brace group's limit for every
  // CAID ({ 0:0:N } = downhops N). A line with `extra` keeps its own fields around them.
  const render = (user: ManagedUser) => renderCccamFLine({ ...user, served: true }, defaults);

  return {
    name: 'cccam',
    fileLabel: path.basename(config.configFile),
    isServed,
    renderEntries: (users, now) => users.filter((user) => isServed(user, now)).map(render),
    // Any F-line with a login can be adopted: its text after the password is its `extra`, written
    // back as it is (brace groups, hostname, a trailing comment).
    readAccounts: (part) => readCccamEntries(part),
    previewEntry: (account) =>
      renderCccamFLine({ ...account, password: account.password ?? '', served: true }, defaults),
    entryUsernames: (text) =>
      text
        .split(/\r?\n/)
        .map((line) => CCCAM_F_LINE.exec(line)?.[1])
        .filter((name): name is string => name !== undefined),
  };
}
