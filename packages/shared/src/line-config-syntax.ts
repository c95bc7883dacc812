// The syntax of the two config files a card server keeps its accounts in (CCcam.cfg F-lines,
// oscam.user sections) and which logins can be written into them. Import-free, like every part of
// `@linedesk/shared/config-files`: the agent's bundle takes these files alone.

// F: <user> <pass> <uphops> <shareemus> <allowemm> { caid:id:downhops } { caid:id:sid } { begin-end } <hostname>
export const CCCAM_F_LINE = /^\s*F:\s*(\S+)/;
const F_FIELDS = /^\s*F:\s*(\S+)(?:\s+(\S+))?(?:\s+(\S+))?(.*)$/;
/** The login of an F-line and the rest of the line exactly as written (leading spaces included). */
export const F_LOGIN = /^\s*F:\s*(\S+)(?:\s+(\S+))?(.*)$/;

/** An F-line's fields: the login, its uphops and the rest of the line as written. */
export type CccamFLine = { username: string; password: string | null; hops: string | null; rest: string };

/** One line of a CCcam.cfg as an F-line, or null when it is none (a comment, another setting). */
export function parseCccamFLine(text: string): CccamFLine | null {
  const match = F_FIELDS.exec(text);
  if (!match) return null;
  const [, username = '', password = null, hops = null, rest = ''] = match;
  return { username, password, hops, rest };
}

/** Every F-line of a CCcam.cfg, in file order. */
export function cccamFLines(text: string): CccamFLine[] {
  return text.split(/\r?\n/).flatMap((line) => parseCccamFLine(line) ?? []);
}

export const OSCAM_SECTION = /^\s*\[([^\]]*)\]/;
export const OSCAM_USER_KEY = /^\s*user\s*=\s*(.*?)\s*$/i;
export const OSCAM_KEY_VALUE = /^\s*([^=#\s]+)\s*=\s*(.*?)\s*$/;

/** A section header's name in lower case (`account`, `reader` …), or null for any other line. */
export function oscamSectionName(line: string): string | null {
  const header = OSCAM_SECTION.exec(line);
  return header ? (header[1] ?? '').trim().toLowerCase() : null;
}

/** A section's `key = value` lines: keys in lower case, the last value of a key kept, repeats named. */
export function oscamKeyValues(lines: readonly string[]): {
  values: Map<string, string>;
  repeated: string[];
} {
  const values = new Map<string, string>();
  const repeated: string[] = [];
  for (const line of lines) {
    const match = OSCAM_KEY_VALUE.exec(line);
    if (!match) continue;
    const key = (match[1] ?? '').toLowerCase();
    if (values.has(key)) repeated.push(key);
    values.set(key, match[2] ?? '');
  }
  return { values, repeated };
}

/** Every [account] section of an oscam.user, each as its keys and values. */
export function oscamAccounts(text: string): Map<string, string>[] {
  const accounts: Map<string, string>[] = [];
  let section: string[] | null = null;
  const flush = () => {
    if (section) accounts.push(oscamKeyValues(section).values);
    section = null;
  };
  for (const line of text.split(/\r?\n/)) {
    const name = oscamSectionName(line);
    if (name !== null) {
      flush();
      if (name === 'account') section = [];
      continue;
    }
    section?.push(line);
  }
  flush();
  return accounts;
}

// ---------------------------------------------------------------------------------------------
// Logins

export const CREDENTIAL_MAX_LENGTH = 64;
// Printable ASCII without the space: whitespace separates F: line fields and ends oscam values.
const PRINTABLE_NO_SPACE = /^[\x21-\x7e]+$/;
// { } open CCcam option groups, # starts a comment, [ ] start an OSCam section, = splits OSCam keys.
const CONFIG_SYNTAX = /[{}[\]#=]/;

export type CredentialField = 'Username' | 'Password';

/**
 * Why a username or password cannot be written into CCcam.cfg / oscam.user as it is (they are
 * pasted verbatim, so anything that is syntax in either format is refused), or null when it can.
 */
export function credentialProblem(field: CredentialField, value: string): string | null {
  if (value.length > CREDENTIAL_MAX_LENGTH) {
    return `${field} must be at most ${CREDENTIAL_MAX_LENGTH} characters`;
  }
  if (!PRINTABLE_NO_SPACE.test(value)) {
    return `${field} may only contain printable ASCII characters, without spaces or line breaks`;
  }
  if (CONFIG_SYNTAX.test(value)) {
    return `${field} must not contain any of these characters: { } [ ] # =`;
  }
  return null;
}
