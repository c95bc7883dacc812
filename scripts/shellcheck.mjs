// `npm run lint`'s check of the shell scripts: install.sh runs as root on card servers under plain
// sh (dash, busybox ash), so what shellcheck finds there is a bug on somebody's machine. Debian's
// shellcheck is installed first when it is missing and may be (scripts/debian-packages.mjs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { debianPackages, ensureDebianPackages } from './debian-packages.mjs';

const root = path.resolve(import.meta.dirname, '..');
const scripts = ['apps/agent/install/install.sh', '.ci/run'];

if (!ensureDebianPackages(['shellcheck'])) process.exit(1);
const result = spawnSync(debianPackages.shellcheck.program, scripts, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
