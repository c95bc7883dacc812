import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Account } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOwnerOptions } from '../hooks/use-lines';

type OwnerFilterProps = {
  value: string | undefined;
  onChange: (ownerId: string | undefined) => void;
  /** Its label and test id where it picks something else than the list's owner filter. */
  label?: string;
  testId?: string;
};

/**
 * Pick an account among those the caller sees (admins: all; resellers: their sub-accounts), searched
 * on the server as one types: the list's owner filter, the target of a move.
 */
export function OwnerFilter({ value, onChange, label, testId = 'filter-owner' }: OwnerFilterProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Account | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const owners = useOwnerOptions(search, true);
  // The address may name an owner before the options arrive; show it once it is among them.
  const current =
    selected?.id === value ? selected : (owners.data?.find((owner) => owner.id === value) ?? null);

  return (
    <Autocomplete
      size="small"
      options={owners.data ?? []}
      value={value ? current : null}
      loading={owners.isFetching}
      getOptionLabel={(owner) => owner.email}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(options) => options}
      onChange={(_event, owner) => {
        setSelected(owner);
        onChange(owner?.id);
      }}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      noOptionsText={t('lines.filters.noOwners')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('lines.filters.owner')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
