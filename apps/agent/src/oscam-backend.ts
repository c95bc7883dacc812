import path from 'node:path';
import {
  OSCAM_KEY_VALUE as KEY_VALUE,
  OSCAM_SECTION as SECTION,
  OSCAM_USER_KEY as USER_KEY,
  oscamKeyValues as keyValues,
} from '@linedesk/shared/config-files';
import type { AgentConfig } from './config';
import { isIsoDate } from './dates';
import { lineEnded, oscamExpdate } from './expiry';
import { credentialProblems, type ForeignAccount } from './foreign-account';
import type { LineBackend, ManagedUser } from './line-backend';
import { rawLines, type RawLine } from './managed-block';
import { oscamRestrictionLines, validateRestrictions } from './restrictions';

/** Values as OSCam reads them: spaces and letter case inside a value do not count. */
const normalized = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** The restrictions an [account] section's keys express, in the panel's terms (unchecked). */
function restrictionsOf(values: ReadonlyMap<string, string>): Record<string, unknown> | undefined {
  const raw: Record<string, unknown> = {};
  const int = (key: string) =>
    /^\d+$/.test(values.get(key) ?? '') ? Number(values.get(key)) : values.get(key);
  if (values.has('max_connections')) raw.max_connections = int('max_connections');
  if (values.has('uniq')) raw.uniq = int('uniq');
  if (values.has('cccmaxhops')) raw.cccam_hops = int('cccmaxhops');
  if (values.has('cccreshare')) raw.cccam_reshare = int('cccreshare');
  if (values.has('allowedprotocols')) {
    raw.allowed_protocols = (values.get('allowedprotocols') ?? '').split(',').map((p) => p.trim());
  }
  if (values.has('caid')) {
    const idents = new Map<string, string[]>();
    for (const group of (values.get('ident') ?? '').split(';')) {
      const [caid = '', list = ''] = group.split(':');
      if (caid.trim())
        idents.set(
          caid.trim().toUpperCase(),
          list.split(',').map((i) => i.trim().toUpperCase()),
        );
    }
    raw.caids = (values.get('caid') ?? '').split(',').map((caid) => {
      const key = caid.trim().toUpperCase();
      return { caid: key, idents: idents.get(key) ?? [] };
    });
  }
  return Object.keys(raw).length > 0 ? raw : undefined;
}

export function createOscamBackend(config: Pick<AgentConfig, 'configFile' | 'oscam'>): LineBackend {
  const isServed = (user: ManagedUser, now: Date): boolean => user.enabled && !lineEnded(user, now);
  // An expired OSCam account can still log in (only its requests are refused with "expdate"), so
  // an expired line is also written disabled, and enabled again on renewal.
  // Each write renders every account; records never change in place (a change is a new record), so
  // an account's lines are kept with its record and a write renders only what changed.
  const rendered = new WeakMap<ManagedUser, { served: boolean; lines: string[] }>();
  const renderAccount = (user: ManagedUser, now: Date): string[] => {
    const served = isServed(user, now);
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
    `expdate = ${oscamExpdate(user)}`,
    `disabled = ${served ? 0 : 1}`,
    ...oscamRestrictionLines(user.restrictions),
  ];

  // An [account] section can be adopted when the agent writes back the same keys and values (its
  // expdate aside when it has none: the panel then picks one). Any other key (au, services,
  // another group ...) would be lost or changed, so the section is reported instead.
  const readAccount = (lines: readonly RawLine[], part: string): ForeignAccount | null => {
    const content = lines.filter((line) => KEY_VALUE.test(line.text));
    const first = lines[0];
    const last = content[content.length - 1] ?? first;
    if (!first || !last) return null;
    const { values, repeated } = keyValues(lines.map((line) => line.text));
    const username = values.get('user') ?? '';
    if (!username) return null;
    const password = values.get('pwd') || null;
    const disabled = values.get('disabled') ?? '0';
    const expdate = values.get('expdate') || null;
    const problems = credentialProblems(username, password);
    if (repeated.length > 0) problems.push(`Keys given twice: ${[...new Set(repeated)].join(', ')}`);
    if (disabled !== '0' && disabled !== '1') problems.push(`disabled = ${disabled} is not 0 or 1`);
    if (expdate !== null && !isIsoDate(expdate))
      problems.push(`expdate = ${expdate} is not a YYYY-MM-DD date`);
    const checked = validateRestrictions(restrictionsOf(values), 'oscam');
    const restrictions = checked.ok ? checked.value : undefined;
    if (!checked.ok) problems.push(checked.message);
    const enabled = disabled !== '1';
    if (problems.length === 0) {
      const user: ManagedUser = {
        username,
        password: password ?? '',
        expiryDate: expdate ?? '2099-12-31',
        enabled,
        ...(restrictions ? { restrictions } : {}),
      };
      const written = keyValues(accountLines(user, enabled)).values;
      if (expdate === null) written.delete('expdate');
      if (!values.has('disabled') && disabled === '0') written.delete('disabled');
      const differing = [...new Set([...values.keys(), ...written.keys()])].filter(
        (key) => normalized(values.get(key) ?? '') !== normalized(written.get(key) ?? ''),
      );
      if (differing.length > 0) {
        problems.push(`Settings the agent would not keep as they are: ${differing.join(', ')}`);
      }
    }
    const start = first.start;
    const end = last.end;
    return {
      username,
      start,
      end,
      text: part.slice(start, end),
      password,
      expiryDate: expdate,
      enabled,
      ...(restrictions ? { restrictions } : {}),
      problems,
    };
  };

  return {
    name: 'oscam',
    fileLabel: path.basename(config.configFile),
    // Every account is always written; the expiry timer flips `disabled` when a line expires.
    isServed,
    renderEntries: (users, now) =>
      users.flatMap((user, index) => [...(index > 0 ? [''] : []), ...renderAccount(user, now)]),
    readAccounts: (part) => {
      const accounts: ForeignAccount[] = [];
      let section: RawLine[] | null = null;
      const flush = () => {
        const account = section ? readAccount(section, part) : null;
        if (account) accounts.push(account);
        section = null;
      };
      for (const line of rawLines(part)) {
        const header = SECTION.exec(line.text);
        if (header) {
          flush();
          if ((header[1] ?? '').trim().toLowerCase() === 'account') section = [line];
          continue;
        }
        section?.push(line);
      }
      flush();
      return accounts;
    },
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
