import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { lineStatuses, lineSyncStates, type LineStatus, type LineSyncState } from '@linedesk/shared';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineListParams } from '../api/lines-api';
import { OwnerFilter } from './owner-filter';

export type LineFilter = Omit<LineListParams, 'page' | 'pageSize' | 'sort' | 'order'>;

type LinesFiltersProps = {
  filter: LineFilter;
  onChange: (filter: LineFilter) => void;
  servers: readonly { id: number; server_name: string }[];
  admin: boolean;
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

// Memoised: the list page renders again with every page change, which leaves the filters as they are.
export const LinesFilters = memo(function LinesFilters({
  filter,
  onChange,
  servers,
  admin,
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
    filter.online !== undefined ||
    filter.sharing !== undefined;

  return (
    <Stack sx={{ gap: 2, p: 2.5 }} data-testid="lines-filters">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('lines.filters.search')}
          slotProps={{
            htmlInput: { 'data-testid': 'filter-search', 'aria-label': t('lines.filters.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon sx={{ color: 'text.disabled' }} />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flexGrow: 1 }}
        />
        {active && (
          <Button
            color="error"
            onClick={() => onChange({})}
            data-testid="filter-clear"
            sx={{ flexShrink: 0 }}
          >
            {t('lines.filters.clear')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' }}>
        <TextField
          select
          size="small"
          label={t('lines.filters.status')}
          value={filter.status ?? ''}
          onChange={(event) =>
            onChange({ ...filter, status: (event.target.value || undefined) as LineStatus | undefined })
          }
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-status' } as object } }}
        >
          <MenuItem value="">{t('lines.filters.any')}</MenuItem>
          {lineStatuses.map((status) => (
            <MenuItem key={status} value={status} data-testid={`filter-status-${status}`}>
              {t(`lines.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('lines.filters.server')}
          value={filter.serverId === undefined ? '' : String(filter.serverId)}
          onChange={(event) =>
            onChange({ ...filter, serverId: event.target.value ? Number(event.target.value) : undefined })
          }
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-server' } as object } }}
        >
          <MenuItem value="">{t('lines.filters.any')}</MenuItem>
          {servers.map((server) => (
            <MenuItem key={server.id} value={String(server.id)}>
              {server.server_name}
            </MenuItem>
          ))}
        </TextField>
        {admin && (
          <OwnerFilter value={filter.ownerId} onChange={(ownerId) => onChange({ ...filter, ownerId })} />
        )}
        <TextField
          select
          size="small"
          label={t('lines.filters.sync')}
          value={filter.syncState ?? ''}
          onChange={(event) =>
            onChange({ ...filter, syncState: (event.target.value || undefined) as LineSyncState | undefined })
          }
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-sync' } as object } }}
        >
          <MenuItem value="">{t('lines.filters.any')}</MenuItem>
          {lineSyncStates.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`lines.sync.${state}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('lines.filters.expiringWithin')}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          slotProps={{
            htmlInput: { min: 0, max: 3650, 'data-testid': 'filter-expiring' },
            input: {
              endAdornment: <InputAdornment position="end">{t('lines.filters.days')}</InputAdornment>,
            },
            inputLabel: { shrink: true },
          }}
        />
      </Box>
    </Stack>
  );
});
