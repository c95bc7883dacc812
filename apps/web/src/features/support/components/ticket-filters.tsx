import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ticketCategories,
  ticketPriorities,
  ticketStatuses,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { priorityColors, statusColors } from './ticket-chips';

export type TicketFilterValues = {
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  search: string;
};

type ChipRowProps<T extends string> = {
  name: 'status' | 'priority' | 'category';
  label: string;
  values: readonly T[];
  selected: T | undefined;
  labelOf: (value: T) => string;
  colorOf: (value: T) => 'default' | 'info' | 'warning' | 'error' | 'secondary' | 'primary';
  onChange: (value: T | undefined) => void;
};

function ChipRow<T extends string>({
  name,
  label,
  values,
  selected,
  labelOf,
  colorOf,
  onChange,
}: ChipRowProps<T>) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      data-testid={`ticket-filter-${name}`}
    >
      <Typography variant="subtitle2" sx={{ width: 80, color: 'text.secondary', flexShrink: 0 }}>
        {label}
      </Typography>
      <Chip
        size="small"
        label={t('tickets.list.all')}
        variant={selected === undefined ? 'filled' : 'outlined'}
        color={selected === undefined ? 'primary' : 'default'}
        onClick={() => onChange(undefined)}
        aria-pressed={selected === undefined}
        data-testid={`ticket-filter-${name}-all`}
      />
      {values.map((value) => {
        const active = selected === value;
        return (
          <Chip
            key={value}
            size="small"
            label={labelOf(value)}
            variant={active ? 'filled' : 'outlined'}
            color={active ? colorOf(value) : 'default'}
            onClick={() => onChange(active ? undefined : value)}
            aria-pressed={active}
            data-testid={`ticket-filter-${name}-${value}`}
          />
        );
      })}
    </Box>
  );
}

type TicketFiltersProps = {
  value: TicketFilterValues;
  onChange: (value: TicketFilterValues) => void;
};

/** Filter chips per field; a chip clicked again (or "All") clears that field. */
export function TicketFilters({ value, onChange }: TicketFiltersProps) {
  const { t } = useTranslation();
  const filtered = Boolean(value.status || value.priority || value.category || value.search);
  const colorOrPrimary = <C extends string>(color: C) => (color === 'default' ? 'primary' : color);
  return (
    <Stack sx={{ p: { xs: 2, sm: 2.5 }, gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
          placeholder={t('tickets.list.search')}
          sx={{ flexGrow: 1, maxWidth: 420 }}
          slotProps={{
            htmlInput: { 'aria-label': t('tickets.list.search'), 'data-testid': 'ticket-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon sx={{ color: 'text.disabled' }} />
                </InputAdornment>
              ),
            },
          }}
        />
        {filtered && (
          <Button
            color="error"
            size="small"
            onClick={() => onChange({ search: '' })}
            data-testid="ticket-filter-clear"
          >
            {t('tickets.list.clearFilters')}
          </Button>
        )}
      </Box>
      <ChipRow
        name="status"
        label={t('tickets.fields.status')}
        values={ticketStatuses}
        selected={value.status}
        labelOf={(status) => t(`tickets.status.${status}`)}
        colorOf={(status) => colorOrPrimary(statusColors[status])}
        onChange={(status) => onChange({ ...value, status })}
      />
      <ChipRow
        name="priority"
        label={t('tickets.fields.priority')}
        values={ticketPriorities}
        selected={value.priority}
        labelOf={(priority) => t(`tickets.priority.${priority}`)}
        colorOf={(priority) => colorOrPrimary(priorityColors[priority])}
        onChange={(priority) => onChange({ ...value, priority })}
      />
      <ChipRow
        name="category"
        label={t('tickets.fields.category')}
        values={ticketCategories}
        selected={value.category}
        labelOf={(category) => t(`tickets.category.${category}`)}
        colorOf={() => 'primary'}
        onChange={(category) => onChange({ ...value, category })}
      />
    </Stack>
  );
}
