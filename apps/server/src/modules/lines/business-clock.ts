import { DEFAULT_BUSINESS_TIME_ZONE, isTimeZone } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { appSettingsRepository } from '../settings/app-settings.repository.js';

/**
 * The panel's business time zone (docs/spec-rules.md, "Expiry"): the zone whose days expiry dates
 * are and in which "today" is counted. Every decision of a day (a line's status, renewals, the
 * trial limit per day) reads it synchronously, so this instance keeps it in memory: read at start,
 * set at once by this instance's change, and read again on the change event of another instance.
 */
export const BUSINESS_TIME_ZONE_KEY = 'lines.business_time_zone';

let zone = DEFAULT_BUSINESS_TIME_ZONE;

export const businessTimeZone = (): string => zone;

export async function readBusinessTimeZone(db: Db): Promise<string> {
  const value = await appSettingsRepository.get<unknown>(
    db,
    BUSINESS_TIME_ZONE_KEY,
    DEFAULT_BUSINESS_TIME_ZONE,
  );
  return typeof value === 'string' && isTimeZone(value) ? value : DEFAULT_BUSINESS_TIME_ZONE;
}

/** This instance's own change, before its event goes out. */
export function useBusinessTimeZone(value: string): void {
  zone = value;
}

/** Reads the zone and follows its changes; returns the stop of that. */
export async function startBusinessClock(ctx: AppContext): Promise<() => void> {
  zone = await readBusinessTimeZone(ctx.db);
  return ctx.bus.watch((event) => {
    if (event.table !== 'app_settings' || event.id !== BUSINESS_TIME_ZONE_KEY) return;
    readBusinessTimeZone(ctx.db).then(useBusinessTimeZone, (error: unknown) =>
      ctx.log.error({ err: error }, 'reading the business time zone failed'),
    );
  });
}
