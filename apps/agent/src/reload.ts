import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { AgentConfig } from './config';
import { oscamUserKey, type OscamWebif } from './oscam-webif';

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
    // OSCam re-reads oscam.user on SIGHUP only with reload_useraccounts = 1 (checked at start).
    process.kill(pid, 'SIGHUP');
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return `no process with pid ${pid} (from ${pidFile})`;
    return `cannot signal pid ${pid}: ${(error as Error).message}`;
  }
}

/** What the server should hold once it has re-read the file: how each managed account stands. */
export type ReloadCheck = {
  accounts: readonly { username: string; disabled: boolean; expiryDate?: string }[];
  /** Managed accounts deleted since the last reload that took. */
  removed: readonly string[];
};

export type Reloader = (check: ReloadCheck) => Promise<ReloadResult>;

const SHOWN_PROBLEMS = 5;
/** An expiry day as OSCam's userstats shows it; anything else (none, another format) is not compared. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reloads accounts through OSCam's webif, then reads its account list back: the reinit answer alone
 * proves little (a read-only webif answers 200 and reloads nothing), the accounts OSCam now holds do.
 */
async function reloadThroughWebif(webif: OscamWebif, check: ReloadCheck): Promise<string | null> {
  try {
    await webif.reinit();
    const wanted = new Set([...check.accounts.map((account) => account.username), ...check.removed]);
    const stats = await webif.userStats(new Set([...wanted].map(oscamUserKey)));
    const problems: string[] = [];
    for (const account of check.accounts) {
      const held = stats.get(oscamUserKey(account.username));
      if (!held) problems.push(`"${account.username}" is missing`);
      else if (held.status.includes('(disabled)') !== account.disabled) {
        problems.push(`"${account.username}" is still ${account.disabled ? 'enabled' : 'disabled'}`);
      } else if (
        account.expiryDate &&
        ISO_DAY.test(held.expdate) &&
        held.expdate !== account.expiryDate.slice(0, 10)
      ) {
        // A renewal the server did not load keeps the customer on the old date.
        problems.push(`"${account.username}" still expires on ${held.expdate}`);
      }
    }
    for (const username of check.removed) {
      if (stats.has(oscamUserKey(username))) problems.push(`"${username}" is still there after its deletion`);
    }
    if (problems.length === 0) return null;
    const shown = problems.slice(0, SHOWN_PROBLEMS).join(', ');
    const more = problems.length > SHOWN_PROBLEMS ? ` and ${problems.length - SHOWN_PROBLEMS} more` : '';
    return `OSCam did not take the new accounts after the webif reload: ${shown}${more} (is the webif read-only, httpreadonly = 1?)`;
  } catch (error) {
    return `OSCam webif reload failed: ${(error as Error).message}`;
  }
}

/**
 * Every configured reload action; failures are reported, never thrown. With OSCam's webif set, it
 * replaces the SIGHUP (which OSCam ignores for accounts unless reload_useraccounts = 1).
 */
export function createReloader(settings: ReloadSettings, webif: OscamWebif | null): Reloader {
  return async (check) => {
    const signal = webif ? null : settings.pidFile;
    if (!settings.reloadCommand && !signal && !webif) return { status: 'not-configured' };
    const errors: string[] = [];
    if (settings.reloadCommand) {
      const error = await runCommand(settings.reloadCommand, settings.reloadTimeoutMs);
      if (error) errors.push(error);
    }
    if (webif) {
      const error = await reloadThroughWebif(webif, check);
      if (error) errors.push(error);
    }
    if (signal) {
      const error = await signalPidFile(signal);
      if (error) errors.push(error);
    }
    return errors.length > 0 ? { status: 'failed', error: errors.join('; ') } : { status: 'ok' };
  };
}
