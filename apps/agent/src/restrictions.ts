import {
  checkRestrictions,
  OSCAM_ONLY_RESTRICTION_KEYS,
  type EntryRestrictions,
} from '@linedesk/shared/config-files';

/**
 * A line's restrictions as the panel sends them with add-user (keys as in the panel's plan API).
 * Only the keys a plan sets are present; a user without restrictions is written exactly as before
 * the agent knew them.
 */
export type Restrictions = EntryRestrictions;

/**
 * What GET / reports, so a panel can tell what this agent writes: `restrictions` (the plan's
 * limits), `entry-extra` (an entry's own settings kept verbatim, add-user's `extra`) and `packages`
 * (the OSCam keys groups, services, allowed_timeframe and au). A panel sends neither to an agent
 * that does not list it, rather than have the agent drop them.
 */
export const AGENT_CAPABILITIES = ['restrictions', 'entry-extra', 'packages'] as const;

type Result = { ok: true; value: Restrictions | undefined } | { ok: false; message: string };

/**
 * Checks a `restrictions` object key by key (OSCam's own syntax for the package keys). CCcam cannot
 * allow a line only some CAIDs (its F-line braces deny or limit, never allow) and has no groups,
 * services, time frames or AU readers, so those keys are refused there rather than dropped.
 */
export function validateRestrictions(raw: unknown, backend: 'cccam' | 'oscam'): Result {
  const checked = checkRestrictions(raw);
  if (!checked.ok || backend === 'oscam' || !checked.value) return checked;
  if (checked.value.caids) {
    return {
      ok: false,
      message:
        'CCcam cannot restrict a line to some CAIDs; put lines with CAID restrictions on an OSCam server',
    };
  }
  const oscamOnly = OSCAM_ONLY_RESTRICTION_KEYS.filter((key) => checked.value?.[key] !== undefined);
  if (oscamOnly.length > 0) {
    return {
      ok: false,
      message: `CCcam has no ${oscamOnly.join(', ')}; put lines with these OSCam settings on an OSCam server`,
    };
  }
  return checked;
}

export function sameRestrictions(a: Restrictions | undefined, b: Restrictions | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
