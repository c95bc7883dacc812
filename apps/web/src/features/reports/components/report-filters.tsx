import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { Account, ReportScope, ReportUnit } from '@linedesk/shared';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/form/date-field';
import { useOwnerOptions } from '../../dashboard/hooks/use-dashboard';

export type ReportSettings = {
  account: Account | null;
  scope: ReportScope;
  unit: ReportUnit;
  from: string;
  to: string;
  churnDays: string;
};

type ReportFiltersProps = {
  value: ReportSettings;
  onChange: (next: Partial<ReportSettings>) => void;
  admin: boolean;
};

/**
 * Whose report and over what: an account (admins: any, empty for the whole panel; resellers: the
 * accounts they own, empty for their own), with or without the accounts below it, by day or month,
 * the range and the churn days. The server decides what each may see.
 */
export function ReportFilters({ value, onChange, admin }: ReportFiltersProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDeferredValue(input);
  const options = useOwnerOptions(search, true);
  const wholePanel = admin && value.account === null;
  return (
    <Card sx={{ mb: 3 }}>
      <Box
        component="form"
        role="search"
        aria-label={t('reports.filters')}
        onSubmit={(event) => event.preventDefault()}
        sx={{ p: 2.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
      >
        <Autocomplete
          sx={{ width: { xs: 1, sm: 300 } }}
          size="small"
          value={value.account}
          onChange={(_event, account) => onChange({ account })}
          inputValue={input}
          onInputChange={(_event, text) => setInput(text)}
          options={options.data ?? []}
          loading={options.isFetching}
          filterOptions={(items) => items}
          getOptionLabel={(account) => account.email}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          openOnFocus
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('reports.account')}
              placeholder={admin ? t('reports.wholePanel') : t('reports.myAccount')}
            />
          )}
          data-testid="report-account"
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value.scope}
          disabled={wholePanel}
          aria-label={t('reports.scopeLabel')}
          onChange={(_event, scope: ReportScope | null) => scope && onChange({ scope })}
        >
          <ToggleButton value="subtree" data-testid="report-scope-subtree">
            {t('reports.scopeSubtree')}
          </ToggleButton>
          <ToggleButton value="account" data-testid="report-scope-account">
            {t('reports.scopeAccount')}
          </ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value.unit}
          aria-label={t('reports.unitLabel')}
          onChange={(_event, unit: ReportUnit | null) => unit && onChange({ unit })}
        >
          <ToggleButton value="day" data-testid="report-per-day">
            {t('reports.perDay')}
          </ToggleButton>
          <ToggleButton value="month" data-testid="report-per-month">
            {t('reports.perMonth')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ width: { xs: 1, sm: 180 } }}>
          <DateField
            label={t('reports.from')}
            value={value.from}
            onChange={(from) => onChange({ from })}
            fullWidth
            testId="report-from"
          />
        </Box>
        <Box sx={{ width: { xs: 1, sm: 180 } }}>
          <DateField
            label={t('reports.to')}
            value={value.to}
            onChange={(to) => onChange({ to })}
            fullWidth
            testId="report-to"
          />
        </Box>
        <TextField
          size="small"
          type="number"
          label={t('reports.churnDays')}
          title={t('reports.churnHelp')}
          value={value.churnDays}
          onChange={(event) => onChange({ churnDays: event.target.value })}
          slotProps={{ htmlInput: { min: 0, max: 365, 'data-testid': 'report-churn-days' } }}
          sx={{ width: { xs: 1, sm: 180 } }}
        />
      </Box>
    </Card>
  );
}
