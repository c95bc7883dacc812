import AutorenewIcon from '@mui/icons-material/Autorenew';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tooltip from '@mui/material/Tooltip';
import type { Control, Path, PathValue, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import { randomPassword } from '../lib/random-password';

type WithPassword = { password: string };

/**
 * The line's password, shown in clear (resellers hand it to customers) in monospace, with a button
 * that fills in a random one.
 */
export function LinePasswordField<T extends WithPassword>({
  control,
  setValue,
  required = false,
}: {
  control: Control<T>;
  setValue: UseFormSetValue<T>;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const name = 'password' as Path<T>;
  return (
    <FormTextField
      control={control}
      name={name}
      label={t('lines.fields.password')}
      required={required}
      autoComplete="off"
      slotProps={{
        input: {
          sx: { fontFamily: 'monospace' },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('lines.fields.randomPassword')}>
                <IconButton
                  edge="end"
                  aria-label={t('lines.fields.randomPassword')}
                  data-testid="random-password-button"
                  onClick={() =>
                    setValue(name, randomPassword() as PathValue<T, Path<T>>, {
                      shouldValidate: true,
                      shouldDirty: true,
                    })
                  }
                >
                  <AutorenewIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
