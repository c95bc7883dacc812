import { isSubscriptionMonths } from '@linedesk/shared';
import type { TFunction } from 'i18next';

/** "1 month", "3 months"...: one text per allowed duration, so every language gets its own grammar. */
export function durationLabel(t: TFunction, months: number | null | undefined): string | null {
  return isSubscriptionMonths(months) ? t(`lines.duration.m${months}`) : null;
}
