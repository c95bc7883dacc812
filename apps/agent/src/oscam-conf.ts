import { readFileSync } from 'node:fs';
import { ConfigError, type AgentConfig } from './config';

/** The value of `key` in `[section]` of an OSCam ini-style file (last one wins, as OSCam reads it). */
export function oscamSetting(text: string, section: string, key: string): string | null {
  let current = '';
  let value: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[([^\]]*)\]$/.exec(line);
    if (header) {
      current = (header[1] ?? '').trim().toLowerCase();
      continue;
    }
    const pair = /^([^=]+)=(.*)$/.exec(line);
    if (current === section && pair && pair[1]!.trim().toLowerCase() === key) value = pair[2]!.trim();
  }
  return value;
}

/**
 * OSCam re-reads oscam.user on SIGHUP only when `[global] reload_useraccounts = 1` (default 0);
 * otherwise it ignores the signal without a word and every change would wait for its next restart.
 * So SIGHUP mode (AGENT_PID_FILE without the webif) refuses to start unless the setting is on.
 */
export function checkSighupReload(config: Pick<AgentConfig, 'backend' | 'pidFile' | 'oscam'>): void {
  if (config.backend !== 'oscam' || !config.pidFile || config.oscam.webif) return;
  const fix =
    'set "reload_useraccounts = 1" in the [global] section of oscam.conf and restart OSCam, or reload through the web interface instead (AGENT_OSCAM_WEBIF_URL, AGENT_OSCAM_WEBIF_USER, AGENT_OSCAM_WEBIF_PASSWORD)';
  let text: string;
  try {
    text = readFileSync(config.oscam.confFile, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `Invalid agent configuration:\n  - AGENT_PID_FILE is set, so the agent reloads OSCam with SIGHUP, but it cannot read ${config.oscam.confFile} (${(error as Error).message}) to check that OSCam reloads accounts on SIGHUP; point AGENT_OSCAM_CONF_FILE at oscam.conf, or ${fix}`,
    );
  }
  const value = oscamSetting(text, 'global', 'reload_useraccounts');
  if (value !== '1') {
    throw new ConfigError(
      `Invalid agent configuration:\n  - AGENT_PID_FILE is set, so the agent reloads OSCam with SIGHUP, but ${config.oscam.confFile} has ${value === null ? 'no reload_useraccounts (default 0)' : `reload_useraccounts = ${value}`} in [global]: OSCam ignores SIGHUP for accounts then, and changes would not apply until OSCam restarts. To fix: ${fix}`,
    );
  }
}
