import {
  LINE_EXPIRING_SOON_DAYS,
  lineQuickFilters,
  type LineQuickCounts,
  type LineQuickFilter,
} from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineFilter } from './lines-filters';
import { LinesFiltersRoot } from './lines-filters-root';

/** What each quick filter sets in the list's filter; turning it off clears the same field. */
const quickFilter: Record<LineQuickFilter, { on: LineFilter; isOn: (filter: LineFilter) => boolean }> = {
  expiring_soon: {
    on: { expiringWithinDays: LINE_EXPIRING_SOON_DAYS },
    isOn: (filter) => filter.expiringWithinDays === LINE_EXPIRING_SOON_DAYS,
  },
  expired: { on: { status: 'expired' }, isOn: (filter) => filter.status === 'expired' },
  online: { on: { online: true }, isOn: (filter) => filter.online === true },
  failing_sync: { on: { syncState: 'failing' }, isOn: (filter) => filter.syncState === 'failing' },
  sharing: { on: { sharing: true }, isOn: (filter) => filter.sharing === true },
};

function toggled(filter: LineFilter, key: LineQuickFilter): LineFilter {
  const { on, isOn } = quickFilter[key];
  const fields = Object.keys(on) as (keyof LineFilter)[];
  if (isOn(filter)) return { ...filter, ...Object.fromEntries(fields.map((field) => [field, undefined])) };
  return { ...filter, ...on };
}

type QuickFiltersProps = {
  filter: LineFilter;
  /** The server's counts over the caller's whole list; absent until the first page arrives. */
  counts: LineQuickCounts | undefined;
  onChange: (filter: LineFilter) => void;
};

/**
 * One tap to the lines that need attention today, each with how many there are. Memoised: the list
 * page renders again with every page change. Plain buttons in the chips' look (lines-filters-root.ts).
 */
export const QuickFilters = memo(function QuickFilters({ filter, counts, onChange }: QuickFiltersProps) {
  const { t } = useTranslation();
  return (
    <LinesFiltersRoot
      className="lf-quick"
      role="group"
      aria-label={t('lines.quick.label')}
      data-testid="lines-quick-filters"
    >
      {lineQuickFilters.map((key) => {
        const on = quickFilter[key].isOn(filter);
        const count = counts?.[key];
        return (
          <button
            key={key}
            type="button"
            className="lf-chip"
            onClick={() => onChange(toggled(filter, key))}
            aria-pressed={on}
            data-testid={`quick-filter-${key}`}
            data-count={count}
            data-active={on}
          >
            {count === undefined ? t(`lines.quick.${key}`) : `${t(`lines.quick.${key}`)} · ${count}`}
          </button>
        );
      })}
      {/* The churn radar has no count of its own here: it is reached from the dashboard's to-do list,
          and shown while on so that one tap takes it off. */}
      {filter.churnRisk && (
        <button
          type="button"
          className="lf-chip"
          onClick={() => onChange({ ...filter, churnRisk: undefined })}
          aria-pressed
          data-testid="quick-filter-churn_risk"
          data-active
        >
          {t('lines.quick.churn_risk')}
        </button>
      )}
    </LinesFiltersRoot>
  );
});
