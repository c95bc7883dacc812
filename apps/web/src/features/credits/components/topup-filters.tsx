import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PaymentMethod } from '@linedesk/shared';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/form/date-field';

export type TopUpFilterValues = { search: string; methodId: string; from: string; to: string };
export const emptyTopUpFilters: TopUpFilterValues = { search: '', methodId: '', from: '', to: '' };

type TopUpFiltersProps = {
  values: TopUpFilterValues;
  onChange: (values: TopUpFilterValues) => void;
  methods: PaymentMethod[];
};

/** The admin's filters of the payments list: account, method and the days a request was made. */
export function TopUpFilters({ values, onChange, methods }: TopUpFiltersProps) {
  const { t } = useTranslation();
  const change = (field: keyof TopUpFilterValues) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, [field]: event.target.value });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 2fr 1fr 1fr' },
      }}
    >
      <TextField
        type="search"
        label={t('credits.topups.filterAccount')}
        value={values.search}
        onChange={change('search')}
        slotProps={{ htmlInput: { 'data-testid': 'topup-filter-search' } }}
      />
      <TextField
        select
        label={t('credits.topups.method')}
        value={values.methodId}
        onChange={change('methodId')}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'topup-filter-method' } as object } }}
      >
        <MenuItem value="">{t('credits.topups.allMethods')}</MenuItem>
        {methods.map((method) => (
          <MenuItem
            key={method.id}
            value={String(method.id)}
            data-testid={`topup-method-option-${method.id}`}
          >
            {`${method.name} (${method.currency})`}
          </MenuItem>
        ))}
      </TextField>
      <DateField
        label={t('credits.topups.filterFrom')}
        value={values.from}
        onChange={(value) => onChange({ ...values, from: value })}
        testId="topup-filter-from"
      />
      <DateField
        label={t('credits.topups.filterTo')}
        value={values.to}
        onChange={(value) => onChange({ ...values, to: value })}
        testId="topup-filter-to"
      />
    </Box>
  );
}
