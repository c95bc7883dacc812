import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Account } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useRecipientSearch } from '../hooks/use-recipient-search';

type RecipientFieldProps = {
  value: string;
  onChange: (email: string) => void;
  onBlur: () => void;
  error?: string;
  disabled?: boolean;
};

/**
 * The recipient's email: typed, or picked from the accounts that match as one types. A typed address
 * that matches nobody is refused by the server ('User not found').
 */
export function RecipientField({ value, onChange, onBlur, error, disabled }: RecipientFieldProps) {
  const { t } = useTranslation();
  const accounts = useRecipientSearch(value, !disabled);

  return (
    <Autocomplete<Account, false, false, true>
      freeSolo
      options={accounts.data ?? []}
      inputValue={value}
      onInputChange={(_event, text) => onChange(text)}
      onChange={(_event, picked) => onChange(typeof picked === 'string' ? picked : (picked?.email ?? ''))}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.email)}
      isOptionEqualToValue={(option, chosen) => typeof chosen !== 'string' && option.id === chosen.id}
      // The server already filtered by what was typed.
      filterOptions={(options) => options}
      loading={accounts.isFetching}
      disabled={disabled}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} data-testid="recipient-option">
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {option.email}
            </Typography>
            {option.full_name && (
              <Typography variant="caption" noWrap sx={{ color: 'text.secondary', display: 'block' }}>
                {option.full_name}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('messages.create.recipient')}
          placeholder={t('messages.create.recipientPlaceholder')}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error ?? t('messages.create.recipientHelp')}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'field-recipient_email' },
          }}
        />
      )}
    />
  );
}
