import {
  restrictionKeys,
  type Line,
  type LinePlan,
  type LineRestrictions,
  type RestrictionKey,
} from '@linedesk/shared';
import { caidsToText, textToCaids } from '../../line-plans/lib/caid-text';

/** The label of each restriction, as the plan editor names it. */
export const keptSettingLabels: Record<RestrictionKey, string> = {
  max_connections: 'linePlans.fields.maxConnections',
  uniq: 'linePlans.fields.uniq',
  caids: 'linePlans.fields.caids',
  cccam_hops: 'linePlans.fields.hops',
  cccam_reshare: 'linePlans.fields.reshare',
  allowed_protocols: 'linePlans.fields.protocols',
  groups: 'linePlans.fields.packages',
  services: 'linePlans.fields.services',
  allowed_timeframe: 'linePlans.fields.timeframe',
  au: 'linePlans.fields.au',
};

type Value = LineRestrictions[RestrictionKey] | undefined;

/** A restriction's value as text ('' when it has none), the way the editor shows and takes it. */
export function settingText(key: RestrictionKey, value: Value): string {
  if (value === null || value === undefined) return '';
  if (key === 'caids') return caidsToText(value as LinePlan['restrictions']['caids']);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The text an admin typed for a restriction, as the API takes it; undefined for an empty field. */
export function parseSettingText(key: RestrictionKey, text: string): Value {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  switch (key) {
    case 'max_connections':
    case 'uniq':
    case 'cccam_hops':
    case 'cccam_reshare':
      return Number(trimmed);
    case 'caids':
      return textToCaids(trimmed);
    case 'groups':
      return trimmed.split(/[\s,]+/).map(Number);
    case 'allowed_protocols':
    case 'services':
      return trimmed.split(/[\s,]+/).filter(Boolean) as LineRestrictions['services'];
    case 'allowed_timeframe':
    case 'au':
      return trimmed;
  }
}

/** A line's own settings as the API answers them. */
type Kept = Line['restriction_overrides'];

/**
 * The line's own settings in the plan editor's order, each with its value; `null` is an explicit
 * "none": the entry is written without that key, whatever the plan says.
 */
export function keptSettings(overrides: Kept): { key: RestrictionKey; value: Value }[] {
  const own = overrides ?? {};
  return restrictionKeys
    .filter((key) => own[key] !== undefined)
    .map((key) => ({ key, value: own[key] as Value }));
}

/** The overrides with `key` given back to the plan. */
export function withoutSetting(overrides: Kept, key: RestrictionKey): LineRestrictions {
  const rest = { ...overrides };
  delete rest[key];
  // Values the API answered, sent back as they are: it checks them again.
  return rest as LineRestrictions;
}
