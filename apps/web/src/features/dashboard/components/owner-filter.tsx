import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Account } from '@linedesk/shared';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnerOptions } from '../hooks/use-dashboard';

type OwnerFilterProps = { value: Account | null; onChange: (owner: Account | null) => void };

/** Admins narrow the dashboard to one owner; empty = the whole panel. */
export function OwnerFilter({ value, onChange }: OwnerFilterProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDeferredValue(input);
  const options = useOwnerOptions(search, true);
  return (
    <Autocomplete
      sx={{ width: { xs: 1, sm: 320 } }}
      size="small"
      value={value}
      onChange={(_event, owner) => onChange(owner)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      options={options.data ?? []}
      loading={options.isFetching}
      filterOptions={(items) => items}
      getOptionLabel={(owner) => owner.email}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => (
        <TextField {...params} label={t('insights.owner')} placeholder={t('insights.wholePanel')} />
      )}
      data-testid="dashboard-owner-filter"
    />
  );
}
