import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordSchema } from '@linedesk/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { ApiKeysEndingList } from '../../api-keys/components/api-keys-ending-list';
import { useApiKeys } from '../../api-keys/hooks/use-api-keys';
import { useChangePassword } from '../hooks/use-account-mutations';

const changePasswordSchema = z
  .object({
    current_password: z.string().min(1, { error: 'REQUIRED' }),
    new_password: passwordSchema,
    confirm_password: z.string(),
  })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ['confirm_password'],
    error: 'PASSWORDS_DO_NOT_MATCH',
  });
type ChangePasswordValues = z.input<typeof changePasswordSchema>;

const emptyValues: ChangePasswordValues = { current_password: '', new_password: '', confirm_password: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const changePassword = useChangePassword();
  const apiKeys = useApiKeys();
  const endingKeys = apiKeys.data ?? [];
  const [changed, setChanged] = useState(false);
  const { control, handleSubmit, reset } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: emptyValues,
  });

  const onSubmit = handleSubmit((values) => {
    setChanged(false);
    changePassword.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: () => {
          reset(emptyValues);
          setChanged(true);
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader title={t('profile.passwordTitle')} />
      <CardContent>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-describedby="change-password-other-sessions"
          data-testid="change-password-form"
        >
          {changePassword.isError && (
            <Alert severity="error" sx={{ mb: 3 }} data-testid="change-password-error">
              {errorMessage(changePassword.error)}
            </Alert>
          )}
          {changed && (
            <Alert severity="success" sx={{ mb: 3 }} data-testid="change-password-success">
              {t('errors.PASSWORD_CHANGED')}
            </Alert>
          )}
          <Typography
            id="change-password-other-sessions"
            variant="body2"
            sx={{ color: 'text.secondary', mb: 3 }}
            data-testid="change-password-other-sessions"
          >
            {t('profile.passwordOtherSessions')}
          </Typography>
          {endingKeys.length > 0 && (
            <Alert severity="warning" sx={{ mb: 3 }} data-testid="change-password-api-keys">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('apiKeys.ending.passwordText')}
              </Typography>
              <ApiKeysEndingList keys={endingKeys} testId="change-password-api-keys-list" />
            </Alert>
          )}
          <Stack sx={{ gap: 3 }}>
            <FormTextField
              control={control}
              name="current_password"
              password
              label={t('fields.currentPassword')}
              autoComplete="current-password"
            />
            <FormTextField
              control={control}
              name="new_password"
              password
              label={t('fields.newPassword')}
              autoComplete="new-password"
              helperText={t('auth.signUp.passwordHint')}
            />
            <FormTextField
              control={control}
              name="confirm_password"
              password
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
            />
          </Stack>
          <Stack sx={{ alignItems: 'flex-end', mt: 3 }}>
            <Button
              type="submit"
              variant="contained"
              loading={changePassword.isPending}
              data-testid="change-password-submit"
            >
              {t('profile.changePassword')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
