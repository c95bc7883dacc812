// Builds the web app when its sources are newer than the last build, so `npm start` stays quick.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/portal.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.portal.config.ts',
  'apps/web/build',
  'apps/web/public',
  'packages/shared/src',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt > changedAt && process.argv[2] !== '--force') {
  console.log('Web app is up to date.');
} else {
  console.log('Building the web app...');
  // Always a production build: run from a test (vitest sets NODE_ENV=test), Vite would otherwise bundle
  // React's development build, several times larger and slower, and leave it in dist for `npm start`.
  // Vite's list of every chunk (some 250 lines) would push the panel's address and first admin's
  // login off the screen of `npm start`: it is shown only when the build fails. Warnings and errors
  // go to standard error, which stays on screen.
  const result = spawnSync('npm', ['run', 'build', '-w', '@linedesk/web'], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.stdout.write(result.stdout ?? '');
  else console.log('Web app built.');
  process.exit(result.status ?? 1);
}
