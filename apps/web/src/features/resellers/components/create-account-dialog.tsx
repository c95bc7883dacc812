import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { emailSchema, passwordSchema, RESELLER_GROUP_ID, type CreateAccountResult } from '@linedesk/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useCreateAccount } from '../hooks/use-accounts';
import { GroupSelectField } from './group-select-field';

const schema = z
  .object({
    email: emailSchema,
    signIn: z.enum(['password', 'invite']),
    password: z.string(),
    full_name: z.string().trim().max(200, { error: 'TOO_LONG' }),
    group_id: z.number().int(),
    notes: z.string().max(5000, { error: 'TOO_LONG' }),
  })
  .superRefine((values, context) => {
    if (values.signIn !== 'password') return;
    const checked = passwordSchema.safeParse(values.password);
    if (!checked.success) {
      context.addIssue({ code: 'custom', path: ['password'], message: checked.error.issues[0]?.message });
    }
  });
type Values = z.infer<typeof schema>;

const defaults: Values = {
  email: '',
  signIn: 'password',
  password: '',
  full_name: '',
  group_id: RESELLER_GROUP_ID,
  notes: '',
};

type CreateAccountDialogProps = {
  open: boolean;
  /** Admins pick the group; a reseller's new account is always their own sub-account. */
  admin: boolean;
  onClose: () => void;
  onCreated: (result: CreateAccountResult) => void;
};

export function CreateAccountDialog({ open, admin, onClose, onCreated }: CreateAccountDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const create = useCreateAccount();
  const { control, handleSubmit, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const signIn = useWatch({ control, name: 'signIn' });

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      {
        email: values.email,
        password: values.signIn === 'password' ? values.password : undefined,
        full_name: values.full_name || undefined,
        notes: values.notes || null,
        group_id: admin ? values.group_id : undefined,
      },
      { onSuccess: onCreated },
    ),
  );

  return (
    <FormDialog
      open={open}
      title={admin ? t('resellers.create.title') : t('resellers.create.subTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('resellers.create.submit')}
      pending={create.isPending}
      errorText={create.isError ? errorMessage(create.error) : null}
      onExited={() => {
        create.reset();
        reset(defaults);
      }}
      formTestId="create-account-form"
      submitTestId="create-account-submit"
      errorTestId="create-account-error"
    >
      <FormTextField
        control={control}
        name="email"
        label={t('fields.email')}
        type="email"
        required
        autoFocus
        autoComplete="off"
      />
      <Controller
        control={control}
        name="signIn"
        render={({ field }) => (
          <RadioGroup row {...field}>
            <FormControlLabel
              value="password"
              control={<Radio data-testid="create-account-mode-password" />}
              label={t('resellers.create.withPassword')}
            />
            <FormControlLabel
              value="invite"
              control={<Radio data-testid="create-account-mode-invite" />}
              label={t('resellers.create.withInvite')}
            />
          </RadioGroup>
        )}
      />
      {signIn === 'password' ? (
        <FormTextField
          control={control}
          name="password"
          label={t('resellers.create.initialPassword')}
          password
          required
          autoComplete="new-password"
          helperText={t('auth.signUp.passwordHint')}
        />
      ) : (
        <Alert severity="info" data-testid="create-account-invite-info">
          {t('resellers.create.inviteInfo')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: admin ? '1fr 1fr' : '1fr' },
        }}
      >
        <FormTextField control={control} name="full_name" label={t('fields.fullName')} />
        {admin && <GroupSelectField control={control} name="group_id" />}
      </Box>
      <FormTextField
        control={control}
        name="notes"
        label={t('resellers.fields.notes')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
