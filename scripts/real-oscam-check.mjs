#!/usr/bin/env node
// Checks against a real OSCam (docs/ecm-stats.md and docs/standby.md, "Checked against a real OSCam"):
// the panel creates a line through the agent, a camd 3.5 client asks ECMs the constant-CW reader
// answers or not, and the line's, the server's and the reader's figures must match what it asked;
// then a standby OSCam serves a line's client once the primary OSCam is stopped, and the panel
// records the primary's outage.
// Not part of npm test: it needs an OSCam binary, given as OSCAM_BIN=/path/to/oscam.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const bin = process.env.OSCAM_BIN;
if (!bin) {
  console.log(
    'real-oscam-check: skipped. Set OSCAM_BIN=/path/to/oscam, an OSCam built with the web interface, ' +
      'camd 3.5 UDP and the constant-CW reader (./config.sh --enable MODULE_CONSTCW); see docs/ecm-stats.md.',
  );
  process.exit(0);
}
if (!existsSync(bin)) {
  console.error(`real-oscam-check: OSCAM_BIN=${bin} does not exist`);
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, '..');
const run = spawnSync('npx', ['vitest', 'run', '--config', 'scripts/real-oscam-check.vitest.config.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, OSCAM_BIN: path.resolve(bin) },
});
process.exit(run.status ?? 1);
