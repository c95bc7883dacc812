import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { parseEnvFile } from '../src/env-file';
import {
  BEGIN,
  END,
  baseEnv,
  readText,
  removeDir,
  runAgentToExit,
  startAgent,
  tempDir,
} from './agent-harness';

describe('configuration', () => {
  const load = (env: Record<string, string>, argv: string[] = []) => loadConfig({ argv, env, cwd: '/srv' });

  it('applies the documented defaults', () => {
    const config = load({ AGENT_CONFIG_FILE: 'CCcam.cfg', AGENT_USERNAME: 'u', AGENT_PASSWORD: 'p' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      backend: 'cccam',
      configFile: '/srv/CCcam.cfg',
      stateFile: '/srv/CCcam.cfg.linedesk.json',
      backupFile: '/srv/CCcam.cfg.bak',
      reloadCommand: null,
      pidFile: null,
      tls: null,
      expiryCheckSeconds: 60,
      maxBodyBytes: 65536,
      cccam: { uphops: 1, shareEmus: 0, allowEmm: 0, lineSuffix: '{ 0:0:2 }' },
      oscam: { group: '1' },
    });
  });

  it('infers the backend from the file name only when AGENT_BACKEND is absent', () => {
    const base = { AGENT_USERNAME: 'u', AGENT_PASSWORD: 'p' };
    expect(load({ ...base, AGENT_CONFIG_FILE: '/etc/oscam/oscam.user' }).backend).toBe('oscam');
    expect(
      load({ ...base, AGENT_CONFIG_FILE: '/etc/oscam/oscam.user', AGENT_BACKEND: 'cccam' }).backend,
    ).toBe('cccam');
    expect(() => load({ ...base, AGENT_CONFIG_FILE: '/etc/accounts.txt' })).toThrow(
      /AGENT_BACKEND is required/,
    );
  });

  it('lists every missing or invalid setting at once', () => {
    let message = '';
    try {
      load({ AGENT_PORT: '70000', AGENT_BACKEND: 'mgcamd' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('AGENT_CONFIG_FILE is required');
    expect(message).toContain('AGENT_USERNAME is required');
    expect(message).toContain('AGENT_PASSWORD is required');
    expect(message).toContain('AGENT_PORT must be a whole number between 1 and 65535');
    expect(message).toContain('AGENT_BACKEND must be "cccam" or "oscam"');
  });

  it('requires TLS cert and key together', () => {
    expect(() =>
      load({
        AGENT_CONFIG_FILE: 'CCcam.cfg',
        AGENT_USERNAME: 'u',
        AGENT_PASSWORD: 'p',
        AGENT_TLS_CERT: 'c.pem',
      }),
    ).toThrow(/AGENT_TLS_CERT and AGENT_TLS_KEY must be set together/);
  });

  it('parses KEY=VALUE files with comments, export and quotes', () => {
    expect(
      parseEnvFile('# comment\n\nexport AGENT_PORT=4000\nAGENT_PASSWORD="a \\"b\\" c"\nAGENT_HOST=\'::\'\n'),
    ).toEqual({ AGENT_PORT: '4000', AGENT_PASSWORD: 'a "b" c', AGENT_HOST: '::' });
    expect(() => parseEnvFile('JUSTTEXT\n')).toThrow(/line 1: expected KEY=VALUE/);
  });

  it('fails fast with a clear message when required settings are missing', async () => {
    const { code, output } = await runAgentToExit({ env: {} });
    expect(code).toBe(1);
    expect(output).toContain('Invalid agent configuration');
    expect(output).toContain('AGENT_USERNAME is required');
    expect(output).toContain('AGENT_PASSWORD is required');
    expect(output).toContain('AGENT_CONFIG_FILE is required');
  });

  it('refuses to start when the config file does not exist', async () => {
    const { code, output } = await runAgentToExit({ env: baseEnv('/nonexistent/dir/CCcam.cfg') });
    expect(code).toBe(1);
    expect(output).toContain('/nonexistent/dir/CCcam.cfg does not exist');
  });

  it('reads settings from --config, with the environment taking precedence', async () => {
    const dir = await tempDir('config');
    try {
      const userFile = path.join(dir, 'accounts.txt');
      await writeFile(userFile, '');
      const envFile = path.join(dir, 'agent.env');
      await writeFile(
        envFile,
        [
          '# linedesk agent',
          'AGENT_BACKEND=oscam',
          `AGENT_CONFIG_FILE=${userFile}`,
          'AGENT_USERNAME=fileuser',
          'AGENT_PASSWORD=filepass',
          'AGENT_OSCAM_GROUP=2,3',
          'AGENT_RELOAD_COMMAND=',
        ].join('\n'),
      );
      const agent = await startAgent({ env: { AGENT_PASSWORD: 'envpass' }, args: ['--config', envFile] });
      try {
        const creds = { username: 'fileuser', password: 'envpass' };
        expect((await agent.call('GET', '/', undefined, creds)).body.backend).toBe('oscam');
        expect(
          (await agent.call('GET', '/', undefined, { username: 'fileuser', password: 'filepass' })).status,
        ).toBe(401);
        await agent.call(
          'POST',
          '/add-user',
          { username: 'g1', password: 'pw', expiryDate: '01-02-2099' },
          creds,
        );
        expect(await readText(userFile)).toBe(
          `${BEGIN}\n[account]\nuser = g1\npwd = pw\ngroup = 2,3\nexpdate = 2099-02-01\ndisabled = 0\n${END}\n`,
        );
      } finally {
        expect(await agent.stop()).toBe(0);
      }
    } finally {
      await removeDir(dir);
    }
  });

  it('refuses unknown keys in the config file and a lost state file', async () => {
    const dir = await tempDir('config-bad');
    try {
      const envFile = path.join(dir, 'agent.env');
      await writeFile(envFile, 'AGENT_PROT=3001\n');
      const typo = await runAgentToExit({ env: {}, args: [`--config=${envFile}`] });
      expect(typo.code).toBe(1);
      expect(typo.output).toContain('has unknown keys: AGENT_PROT');

      const cfg = path.join(dir, 'CCcam.cfg');
      await writeFile(cfg, `${BEGIN}\nF: lost pw 1 0 0 { 0:0:2 }\n${END}\n`);
      const lost = await runAgentToExit({ env: baseEnv(cfg) });
      expect(lost.code).toBe(1);
      expect(lost.output).toContain('managed entries but the state file');
    } finally {
      await removeDir(dir);
    }
  });
});
