// The programs from Debian that the test commands drive (never a test tool's own browser download):
// `npm test` needs chromium (browser tests) and nginx (the scale-out test); `npm run test:stress`
// needs stress-ng; `npm run lint` (which `npm test` runs) needs shellcheck. On a fresh machine they
// are missing, so the README's test command and the lint install them with apt-get when they may
// (as root, or through sudo without a password). Without chromium it stops
// at once with the command to run, instead of failing every browser test one by one; without nginx
// the scale-out test is skipped (and fails in CI, which must run it).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** What each package is for and the file that shows it is installed. */
export const debianPackages = {
  chromium: { program: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', for: 'the browser tests' },
  nginx: { program: '/usr/sbin/nginx', for: 'the scale-out test' },
  'stress-ng': { program: '/usr/bin/stress-ng', for: 'npm run test:stress' },
  shellcheck: { program: '/usr/bin/shellcheck', for: 'npm run lint (install.sh)' },
};

function works(command, args) {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return !result.error && result.status === 0;
}

/**
 * Installs the named packages that are missing, `required` and `optional` alike, in one apt-get run.
 * Returns true when every required one is there afterwards; otherwise prints what is missing, what
 * for, and how to install it, and returns false. A missing optional one is only reported.
 */
export function ensureDebianPackages(required, optional = []) {
  const names = [...required, ...optional];
  const missing = names.filter((name) => !existsSync(debianPackages[name].program));
  if (missing.length === 0) return true;
  const asRoot = process.getuid?.() === 0;
  const viaSudo = !asRoot && works('sudo', ['-n', 'true']);
  if (existsSync('/usr/bin/apt-get') && (asRoot || viaSudo)) {
    console.log(`Installing from Debian: ${missing.join(' ')}`);
    const prefix = asRoot ? [] : ['sudo', '-n'];
    const apt = (args) => {
      const [command, ...rest] = [...prefix, 'apt-get', ...args];
      return spawnSync(command, rest, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    };
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', ...missing]);
  }
  const still = names.filter((name) => !existsSync(debianPackages[name].program));
  for (const name of still) {
    const { program, for: usedBy } = debianPackages[name];
    const consequence = required.includes(name) ? '' : ': skipped without it';
    console.error(`Missing ${name} (${program}), needed by ${usedBy}${consequence}.`);
  }
  if (still.length > 0) console.error(`To install: sudo apt-get install -y ${still.join(' ')}`);
  return still.every((name) => !required.includes(name));
}
