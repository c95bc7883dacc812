import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { ManagedAccount, ReportScope, ReportUnit } from '@linedesk/shared';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/form/date-field';
import { useReportAccounts } from '../hooks/use-report';

export type ReportSettings = {
  account: ManagedAccount | null;
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
 * Whose report and over what: an account (admins: any, empty for the whole panel; resellers: any of
 * their tree, sub-resellers' accounts too, empty for their own), each shown with its level and parent, with or without the accounts below it, by day or month,
 * the range and the churn days. The server decides what each may see.
 */
export function ReportFilters({ value, onChange, admin }: ReportFiltersProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDeferredValue(input);
  const options = useReportAccounts(search);
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
          renderOption={({ key, ...props }, account) => (
            <Box
              component="li"
              key={key}
              {...props}
              data-testid={`report-account-option-${account.id}`}
              // Indented by level, so a tree reads as one on a phone too (capped to keep the email wide).
              sx={{ pl: `${1 + Math.min((account.depth ?? 1) - 1, 4) * 1.5}rem !important` }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {account.email}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {account.owner_email
                    ? t('reports.accountLevelUnder', {
                        depth: account.depth ?? 1,
                        owner: account.owner_email,
                      })
                    : t('reports.accountLevel', { depth: account.depth ?? 1 })}
                </Typography>
              </Box>
            </Box>
          )}
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
