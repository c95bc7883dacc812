import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { AgentConfig } from './config';

export type ReloadStatus = 'ok' | 'failed' | 'not-configured' | 'not-needed';

export type ReloadResult = {
  status: ReloadStatus;
  /** Set when status is "failed"; safe to show to the panel operator. */
  error?: string;
};

type ReloadSettings = Pick<AgentConfig, 'reloadCommand' | 'reloadTimeoutMs' | 'pidFile'>;

const OUTPUT_LIMIT = 300;

function runCommand(command: string, timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    // Own process group, so a timeout kills whatever the shell started too, not just the shell.
    const child = spawn('/bin/sh', ['-c', command], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`reload command could not start: ${error.message}`);
    });
    // 'exit' rather than 'close': a daemon started by the command may keep stderr open for good.
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return resolve(`reload command timed out after ${timeoutMs / 1000}s`);
      if (code === 0) return resolve(null);
      const output = stderr.trim().slice(-OUTPUT_LIMIT);
      const why = code === null ? `was killed by ${signal}` : `exited with code ${code}`;
      resolve(`reload command ${why}${output ? `: ${output}` : ''}`);
    });
  });
}

async function signalPidFile(pidFile: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(pidFile, 'utf8');
  } catch (error) {
    return `cannot read pid file ${pidFile}: ${(error as Error).message}`;
  }
  const pid = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || pid <= 1) return `pid file ${pidFile} does not hold a valid pid`;
  try {
    // OSCam re-reads oscam.user on SIGHUP.
    process.kill(pid, 'SIGHUP');
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return `no process with pid ${pid} (from ${pidFile})`;
    return `cannot signal pid ${pid}: ${(error as Error).message}`;
  }
}

/** Runs every configured reload action; failures are reported, never thrown. */
export async function runReload(settings: ReloadSettings): Promise<ReloadResult> {
  if (!settings.reloadCommand && !settings.pidFile) return { status: 'not-configured' };
  const errors: string[] = [];
  if (settings.reloadCommand) {
    const error = await runCommand(settings.reloadCommand, settings.reloadTimeoutMs);
    if (error) errors.push(error);
  }
  if (settings.pidFile) {
    const error = await signalPidFile(settings.pidFile);
    if (error) errors.push(error);
  }
  return errors.length > 0 ? { status: 'failed', error: errors.join('; ') } : { status: 'ok' };
}
