import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Account } from '@linedesk/shared';
import { useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnerOptions } from '../hooks/use-dashboard';

type OwnerFilterProps = {
  value: Account | null;
  onChange: (owner: Account | null) => void;
  /** What was typed into the stand-in before this field took its place (`OwnerSearch`). */
  initialInput?: string;
  autoFocus?: boolean;
};

/** Admins narrow the dashboard to one owner; empty = the whole panel. */
export function OwnerFilter({ value, onChange, initialInput = '', autoFocus = false }: OwnerFilterProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState(initialInput);
  // On mount the Autocomplete resets its text to the (empty) value's; that would drop what was typed
  // into the stand-in before this field took its place.
  const keepInitialInput = useRef(initialInput !== '');
  const search = useDeferredValue(input);
  const options = useOwnerOptions(search, true);
  return (
    <Autocomplete
      sx={{ width: { xs: 1, sm: 320 } }}
      size="small"
      value={value}
      onChange={(_event, owner) => onChange(owner)}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason === 'reset' && keepInitialInput.current) {
          keepInitialInput.current = false;
          return;
        }
        setInput(text);
      }}
      options={options.data ?? []}
      loading={options.isFetching}
      filterOptions={(items) => items}
      getOptionLabel={(owner) => owner.email}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      openOnFocus
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus={autoFocus}
          label={t('insights.owner')}
          placeholder={t('insights.wholePanel')}
        />
      )}
      data-testid="dashboard-owner-filter"
    />
  );
}
