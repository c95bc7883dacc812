import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import TextField from '@mui/material/TextField';
import { accountName } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { SaveChangesButton } from '../../../components/form/save-changes-button';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useUpdateProfile } from '../hooks/use-account-mutations';
import { useGroupName } from '../../groups/hooks/use-group-name';

const profileSchema = z.object({ full_name: z.string().trim().max(200, { error: 'TOO_LONG' }) });
type ProfileValues = z.input<typeof profileSchema>;

export function ProfileDetailsForm() {
  const { t } = useTranslation();
  const groupName = useGroupName();
  const account = useAccount();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const update = useUpdateProfile();
  const { control, handleSubmit, reset, formState } = useForm<ProfileValues>({
    resolver: zodResolver(profileSchema),
    values: { full_name: account.full_name },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { full_name: values.full_name.trim() },
      {
        onSuccess: (me) => {
          reset({ full_name: me.full_name });
          snackbar(t('profile.saved'));
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader title={t('profile.detailsTitle')} />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} data-testid="profile-form">
          {update.isError && (
            <Alert severity="error" sx={{ mb: 3 }}>
              {errorMessage(update.error)}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="full_name"
              label={t('fields.fullName')}
              autoComplete="name"
            />
            <TextField
              label={t('fields.email')}
              value={account.email}
              disabled
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('fields.username')}
              value={accountName(account)}
              disabled
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('fields.group')}
              value={groupName({ id: account.group_id, name: account.group_name })}
              disabled
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <SaveChangesButton pending={update.isPending} dirty={formState.isDirty} testId="profile-save" />
        </Box>
      </CardContent>
    </Card>
  );
}
