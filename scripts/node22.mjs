// Node.js 22 LTS for machines whose own node is older (Node.js 20, at its end of life since April
// 2026, is what Debian 13 and the CI machines have): the npm registry's `node` package, one pinned
// version so that builds and test runs repeat, which npx downloads once into its cache (~30 MB) and
// runs from there. The agent's single executable is made from it (scripts/build-agent.mjs), and CI
// runs the unit and API tests under it beside the run on the machine's node (scripts/test-all.mjs).
import { spawnSync } from 'node:child_process';

export const NODE_22_VERSION = '22.23.3';

/** True when this node is 22 or newer, so it is the Node.js 22+ to use. */
export const runningOn22 = () => Number(process.versions.node.split('.')[0]) >= 22;

/**
 * A Node.js 22+ binary: this node when it is 22 or newer, otherwise the registry's node@NODE_22_VERSION
 * (downloaded by npx on first use). Either `{ path, version }` or `{ reason }` when there is none.
 */
export function findNode22() {
  if (runningOn22()) return { path: process.execPath, version: process.version };
  const found = spawnSync(
    'npx',
    [
      '--yes',
      '--package',
      `node@${NODE_22_VERSION}`,
      'node',
      '-p',
      'process.version + " " + process.execPath',
    ],
    // Minutes at most: a registry that does not answer must not hold up a build or a test run.
    { encoding: 'utf8', timeout: 300_000 },
  );
  const answer = found.status === 0 ? found.stdout.trim().split('\n').at(-1) : '';
  const [version, ...rest] = answer.split(' ');
  if (version !== `v${NODE_22_VERSION}`) {
    return {
      reason: `npx could not run node@${NODE_22_VERSION} from the npm registry: ${(found.stderr || found.stdout || String(found.error)).trim()}`,
    };
  }
  return { path: rest.join(' '), version };
}
