import path from 'node:path';
import type { AgentConfig } from './config';
import type { LineBackend, ManagedUser } from './line-backend';

// F: <user> <pass> <uphops> <shareemus> <allowemm> { caid:id:downhops } { caid:id:sid } { begin-end } <hostname>
const F_LINE = /^\s*F:\s*(\S+)/;
/** A suffix's leading `{ 0:0:N }`: the downhops limit for every CAID, which a plan's reshare replaces. */
export const ALL_CAIDS_LIMIT = /^\{\s*0:0:\d\s*\}/;

export function createCccamBackend(config: Pick<AgentConfig, 'configFile' | 'cccam'>): LineBackend {
  const { uphops, shareEmus, allowEmm, lineSuffix } = config.cccam;
  const fixedFields = `${uphops} ${shareEmus} ${allowEmm}${lineSuffix ? ` ${lineSuffix}` : ''}`;
  // A plan's hops replace the configured uphops; its reshare is the first brace group's limit for
  // every CAID ({ 0:0:N } = downhops N), in place of the suffix's own { 0:0:N } (the default). A
  // suffix with other limits there is refused by the validation instead.
  const fieldsOf = (user: ManagedUser): string => {
    const r = user.restrictions;
    if (!r || (r.cccam_hops === undefined && r.cccam_reshare === undefined)) return fixedFields;
    const suffix =
      r.cccam_reshare === undefined
        ? lineSuffix
        : `{ 0:0:${r.cccam_reshare} }${lineSuffix.replace(ALL_CAIDS_LIMIT, '')}`;
    return `${r.cccam_hops ?? uphops} ${shareEmus} ${allowEmm}${suffix ? ` ${suffix}` : ''}`;
  };

  // Inclusive, like OSCam's expdate (valid until 23:59:59 of that day in local time).
  const isServed = (user: ManagedUser, today: string): boolean => user.enabled && today <= user.expiryDate;

  return {
    name: 'cccam',
    fileLabel: path.basename(config.configFile),
    isServed,
    renderEntries: (users, today) =>
      users
        .filter((user) => isServed(user, today))
        .map((user) => `F: ${user.username} ${user.password} ${fieldsOf(user)}`),
    entryUsernames: (text) =>
      text
        .split(/\r?\n/)
        .map((line) => F_LINE.exec(line)?.[1])
        .filter((name): name is string => name !== undefined),
  };
}
