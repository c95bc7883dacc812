import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { baseEnv, removeDir, startAgent, tempDir, type RunningAgent } from './agent-harness';

export type CccamAgentFixture = {
  /** The CCcam.cfg the agent edits (its state and backup files sit beside it). */
  readonly cfg: string;
  readonly agent: RunningAgent;
};

/**
 * For the tests of the calling `describe`: a cccam agent on a CCcam.cfg of its own in a temp folder,
 * holding `handWritten` at start. Started before the first test; after the last it must shut down
 * cleanly (exit code 0), then the folder is removed. Each describe gets its own, so suites do not
 * share files or depend on their order.
 */
export function cccamAgentFixture(prefix: string, handWritten: string): CccamAgentFixture {
  let dir = '';
  const fixture = { cfg: '', agent: undefined as unknown as RunningAgent };
  beforeAll(async () => {
    dir = await tempDir(prefix);
    fixture.cfg = path.join(dir, 'CCcam.cfg');
    await writeFile(fixture.cfg, handWritten);
    fixture.agent = await startAgent({ env: baseEnv(fixture.cfg, { AGENT_BACKEND: 'cccam' }) });
  });
  afterAll(async () => {
    expect(await fixture.agent.stop()).toBe(0);
    await removeDir(dir);
  });
  return fixture;
}
