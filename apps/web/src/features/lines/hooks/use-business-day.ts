import { DEFAULT_BUSINESS_TIME_ZONE, dateInZone } from '@linedesk/shared';
import { useLineSettings } from './use-lines';

/**
 * The panel's business time zone and today in it (docs/spec-rules.md, "Expiry"): the server decides
 * a line's status and renewals by that day, so the days left and previews count from it too. UTC
 * until the settings have loaded (the panel's default).
 */
export function useBusinessDay(): { zone: string; today: string } {
  const settings = useLineSettings();
  const zone = settings.data?.business_time_zone ?? DEFAULT_BUSINESS_TIME_ZONE;
  return { zone, today: dateInZone(new Date(), zone) };
}
