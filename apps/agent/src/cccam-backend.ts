import path from 'node:path';
import { CCCAM_F_LINE, parseCccamFLine } from '@linedesk/shared/config-files';
import type { AgentConfig } from './config';
import { lineEnded } from './expiry';
import { credentialProblems, type ForeignAccount } from './foreign-account';
import type { LineBackend, ManagedUser } from './line-backend';
import { rawLines } from './managed-block';
import { validateRestrictions, type Restrictions } from './restrictions';

/** Compares F-line fields as CCcam reads them: spaces inside braces and between fields do not count. */
function normalizeFields(text: string): string {
  return text.replace(/\{\s*/g, '{').replace(/\s*\}/g, '}').replace(/\s+/g, ' ').trim();
}
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

  // Until the instant the panel gave, else through the expiry date in local time (src/expiry.ts).
  const isServed = (user: ManagedUser, now: Date): boolean => user.enabled && !lineEnded(user, now);

  const render = (user: ManagedUser) => `F: ${user.username} ${user.password} ${fieldsOf(user)}`;

  // A hand-written F-line can be adopted when the agent, given its hops and reshare as a plan's
  // restrictions, writes back the same fields: anything else (other emus/EMM flags, CAID limits,
  // a hostname) would change the login's behaviour, so it is reported instead.
  const readAccount = (text: string, start: number, end: number): ForeignAccount | null => {
    const fields = parseCccamFLine(text);
    if (!fields) return null;
    const { username, password, hops, rest } = fields;
    const raw: Restrictions = {};
    if (hops !== null && /^\d$/.test(hops) && hops !== String(uphops)) raw.cccam_hops = Number(hops);
    const reshare = /^\s*\S+\s+\S+\s*\{\s*0:0:(\d)\s*\}/.exec(rest);
    if (reshare && normalizeFields(rest) !== normalizeFields(`${shareEmus} ${allowEmm} ${lineSuffix}`)) {
      raw.cccam_reshare = Number(reshare[1]);
    }
    const problems = credentialProblems(username, password);
    const checked = validateRestrictions(Object.keys(raw).length > 0 ? raw : undefined, 'cccam');
    const restrictions = checked.ok ? checked.value : undefined;
    if (!checked.ok) problems.push(checked.message);
    if (problems.length === 0) {
      const wanted = normalizeFields(text);
      const written = render({
        username,
        password: password ?? '',
        expiryDate: '2099-12-31',
        enabled: true,
        ...(restrictions ? { restrictions } : {}),
      });
      if (normalizeFields(written) !== wanted) {
        problems.push(`The agent would write this line as "${written}", with other settings than it has now`);
      }
    }
    return {
      username,
      start,
      end,
      text: text,
      password,
      expiryDate: null,
      enabled: true,
      ...(restrictions ? { restrictions } : {}),
      problems,
    };
  };

  return {
    name: 'cccam',
    fileLabel: path.basename(config.configFile),
    isServed,
    renderEntries: (users, now) => users.filter((user) => isServed(user, now)).map(render),
    readAccounts: (part) =>
      rawLines(part).flatMap((line) => readAccount(line.text, line.start, line.end) ?? []),
    entryUsernames: (text) =>
      text
        .split(/\r?\n/)
        .map((line) => CCCAM_F_LINE.exec(line)?.[1])
        .filter((name): name is string => name !== undefined),
  };
}
