#!/usr/bin/env node
// `npm run test:stress`: the whole `npm test` once while stress-ng keeps both CPU cores busy, so a
// test that only passes on an idle machine (a fixed sleep, a tight time limit) fails here first.
// It installs Debian's stress-ng first when it is missing and may (scripts/debian-packages.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { ensureDebianPackages } from './debian-packages.mjs';

const STRESS_BIN = process.env.STRESS_NG ?? 'stress-ng';
const CPU_WORKERS = process.env.STRESS_CPU_WORKERS ?? '2';

if (!process.env.STRESS_NG && !ensureDebianPackages(['stress-ng'])) process.exit(2);
const found = spawnSync(STRESS_BIN, ['--version'], { stdio: 'ignore' });
if (found.error || found.status !== 0) {
  console.error(
    `test:stress needs stress-ng, which was not found (${STRESS_BIN}).\n` +
      'Install it first, e.g. `apt-get install stress-ng` on Debian or Ubuntu.',
  );
  process.exit(2);
}

// Its own process group, so stopping it also stops every worker it forked.
const stress = spawn(STRESS_BIN, ['--cpu', CPU_WORKERS, '--quiet'], { stdio: 'inherit', detached: true });
let stressExited = false;
stress.on('exit', () => (stressExited = true));

function stopStress() {
  if (stressExited || stress.pid === undefined) return;
  try {
    process.kill(-stress.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

console.log(`test:stress: stress-ng --cpu ${CPU_WORKERS} is running (pid ${stress.pid}); starting npm test`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tests = spawn(npm, ['test'], { stdio: 'inherit' });

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    interrupted = true;
    stopStress();
    tests.kill(signal);
  });
}
process.on('exit', stopStress);

tests.on('exit', (code, signal) => {
  stopStress();
  const exitCode = code ?? (signal ? 1 : 0);
  console.log(
    `test:stress: npm test ${interrupted ? 'was interrupted' : 'finished'} with exit code ${exitCode}` +
      (signal ? ` (signal ${signal})` : '') +
      '; stress-ng stopped',
  );
  process.exit(exitCode);
});
