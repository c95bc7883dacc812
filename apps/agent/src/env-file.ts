// Minimal KEY=VALUE reader for /etc/linedesk-agent.env style files, compatible with what systemd's
// EnvironmentFile= accepts for simple values, so one file can serve both.

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class EnvFileError extends Error {}

function unquote(raw: string, lineNumber: number): string {
  const first = raw[0];
  if ((first === '"' || first === "'") && raw.length >= 2 && raw.endsWith(first)) {
    const inner = raw.slice(1, -1);
    return first === '"' ? inner.replace(/\\(["\\$`])/g, '$1') : inner;
  }
  if (first === '"' || first === "'") {
    throw new EnvFileError(`line ${lineNumber}: unterminated quoted value`);
  }
  return raw;
}

export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const lineNumber = index + 1;
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) return;
    const withoutExport = line.startsWith('export ') ? line.slice('export '.length).trimStart() : line;
    const equals = withoutExport.indexOf('=');
    if (equals <= 0) throw new EnvFileError(`line ${lineNumber}: expected KEY=VALUE`);
    const key = withoutExport.slice(0, equals).trim();
    if (!KEY.test(key)) throw new EnvFileError(`line ${lineNumber}: invalid key "${key}"`);
    values[key] = unquote(withoutExport.slice(equals + 1).trim(), lineNumber);
  });
  return values;
}
