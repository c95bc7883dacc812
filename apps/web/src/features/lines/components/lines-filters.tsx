import { lineStatuses, lineSyncStates, type LineStatus, type LineSyncState } from '@linedesk/shared';
import { memo, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineListParams } from '../api/lines-api';
import { tableIcons } from './line-table-icons';
import { LinesFiltersRoot } from './lines-filters-root';
import { OwnerFilter } from './owner-filter';

export type LineFilter = Omit<LineListParams, 'page' | 'pageSize' | 'sort' | 'order'>;

type LinesFiltersProps = {
  filter: LineFilter;
  onChange: (filter: LineFilter) => void;
  servers: readonly { id: number; server_name: string }[];
  admin: boolean;
  /**
   * Which fields: all of them, or (on a phone) the search on its own, always in view, and the others
   * behind the filters button.
   */
  part?: 'all' | 'search' | 'more';
};

/** Typing is debounced so the server is asked once per pause, not once per key. */
function useDebouncedInput(value: string, onCommit: (value: string) => void) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  // The address changed from outside (back button, "clear"): show what it says.
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }
  useEffect(() => {
    if (text === committed) return;
    const timer = setTimeout(() => {
      setCommitted(text);
      commit.current(text);
    }, 350);
    return () => clearTimeout(timer);
  }, [text, committed]);
  return [text, setText] as const;
}

const chevron = <span className="lf-chevron">{tableIcons.dropDown}</span>;

/** A field in the outlined look, its label raised on the border and tied to the control by id. */
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="lf-field">
      <label className="lf-label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

type SelectFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  testId: string;
  /** The empty choice's label ("Any" unless given). */
  anyLabel?: string;
};

/** A native select: the phone's own picker, and a handful of elements instead of MUI's Select. */
function SelectField({ label, value, onChange, options, testId, anyLabel }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <Field label={label}>
      {(id) => (
        <>
          <select
            id={id}
            className="lf-control"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            data-testid={testId}
          >
            <option value="">{anyLabel ?? t('lines.filters.any')}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value} data-testid={`${testId}-${option.value}`}>
                {option.label}
              </option>
            ))}
          </select>
          {chevron}
        </>
      )}
    </Field>
  );
}

// Memoised: the list page renders again with every page change, which leaves the filters as they are.
// Plain elements (lines-filters-root.ts): a language switch renders every field again.
export const LinesFilters = memo(function LinesFilters({
  filter,
  onChange,
  servers,
  admin,
  part = 'all',
}: LinesFiltersProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useDebouncedInput(filter.search ?? '', (text) =>
    onChange({ ...filter, search: text.trim() || undefined }),
  );
  const [days, setDays] = useDebouncedInput(
    filter.expiringWithinDays === undefined ? '' : String(filter.expiringWithinDays),
    (text) => {
      const number = Number(text);
      onChange({
        ...filter,
        expiringWithinDays:
          text !== '' && Number.isInteger(number) && number >= 0 && number <= 3650 ? number : undefined,
      });
    },
  );
  const active =
    Boolean(filter.search) ||
    filter.status !== undefined ||
    filter.serverId !== undefined ||
    filter.ownerId !== undefined ||
    filter.expiringWithinDays !== undefined ||
    filter.syncState !== undefined ||
    filter.expiredForDays !== undefined ||
    filter.archived !== undefined ||
    filter.online !== undefined ||
    filter.sharing !== undefined ||
    filter.churnRisk !== undefined;

  return (
    <LinesFiltersRoot
      className={part === 'search' ? 'lf-filters lf-search-only' : 'lf-filters'}
      data-testid={part === 'search' ? 'lines-search' : 'lines-filters'}
    >
      {part !== 'more' && (
        <div className="lf-row">
          <div className="lf-field">
            <span className="lf-icon">{tableIcons.search}</span>
            <input
              type="search"
              className="lf-control lf-with-icon"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('lines.filters.search')}
              aria-label={t('lines.filters.search')}
              data-testid="filter-search"
            />
          </div>
          {active && (
            <button
              type="button"
              className="lf-clear"
              onClick={() => onChange({})}
              data-testid="filter-clear"
            >
              {t('lines.filters.clear')}
            </button>
          )}
        </div>
      )}
      {part !== 'search' && (
        <div className="lf-grid">
          <SelectField
            label={t('lines.filters.status')}
            value={filter.status ?? ''}
            onChange={(value) =>
              onChange({ ...filter, status: (value || undefined) as LineStatus | undefined })
            }
            options={lineStatuses.map((status) => ({ value: status, label: t(`lines.status.${status}`) }))}
            testId="filter-status"
          />
          <SelectField
            label={t('lines.filters.server')}
            value={filter.serverId === undefined ? '' : String(filter.serverId)}
            onChange={(value) => onChange({ ...filter, serverId: value ? Number(value) : undefined })}
            options={servers.map((server) => ({ value: String(server.id), label: server.server_name }))}
            testId="filter-server"
          />
          {admin && (
            <OwnerFilter value={filter.ownerId} onChange={(ownerId) => onChange({ ...filter, ownerId })} />
          )}
          <SelectField
            label={t('lines.filters.sync')}
            value={filter.syncState ?? ''}
            onChange={(value) =>
              onChange({ ...filter, syncState: (value || undefined) as LineSyncState | undefined })
            }
            options={lineSyncStates.map((state) => ({ value: state, label: t(`lines.sync.${state}`) }))}
            testId="filter-sync"
          />
          <SelectField
            label={t('lines.filters.archive')}
            value={filter.archived ? 'archived' : ''}
            onChange={(value) => onChange({ ...filter, archived: value === 'archived' || undefined })}
            options={[{ value: 'archived', label: t('lines.filters.archived') }]}
            anyLabel={t('lines.filters.current')}
            testId="filter-archived"
          />
          <Field label={t('lines.filters.expiringWithin')}>
            {(id) => (
              <>
                <input
                  id={id}
                  type="number"
                  className="lf-control"
                  min={0}
                  max={3650}
                  value={days}
                  onChange={(event) => setDays(event.target.value)}
                  data-testid="filter-expiring"
                />
                <span className="lf-suffix">{t('lines.filters.days')}</span>
              </>
            )}
          </Field>
        </div>
      )}
    </LinesFiltersRoot>
  );
});
