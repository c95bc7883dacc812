import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoFactorSetup as Setup } from '@linedesk/shared';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { ApiKeysEndingList } from '../../api-keys/components/api-keys-ending-list';
import { useApiKeys } from '../../api-keys/hooks/use-api-keys';
import { useConfirmTwoFactor, useEnableTwoFactor } from '../hooks/use-account-security';
import { CurrentPasswordField } from './current-password-field';

// The QR library loads only when someone actually sets up an authenticator.
const TwoFactorQrCode = lazy(async () => ({
  default: (await import('./two-factor-qr-code')).TwoFactorQrCode,
}));

type StepFormProps = {
  testId: string;
  onSubmit: () => void;
  submitLabel: string;
  submitTestId: string;
  pending: boolean;
  onCancel?: () => void;
  children: ReactNode;
};

/** One step of the setup: its content, then cancel (where the setup can be left) and go on. */
function StepForm({
  testId,
  onSubmit,
  submitLabel,
  submitTestId,
  pending,
  onCancel,
  children,
}: StepFormProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="form"
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack sx={{ gap: 2 }}>
        {children}
        <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
          <Button type="submit" variant="contained" loading={pending} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

function PasswordStep({ onReady, onCancel }: { onReady: (setup: Setup) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const enable = useEnableTwoFactor();
  const [password, setPassword] = useState('');
  return (
    <StepForm
      testId="two-factor-password-form"
      onSubmit={() => {
        if (password) enable.mutate(password, { onSuccess: onReady });
      }}
      submitLabel={t('accountSecurity.setup.continue')}
      submitTestId="two-factor-continue"
      pending={enable.isPending}
      onCancel={onCancel}
    >
      {enable.isError && <Alert severity="error">{errorMessage(enable.error)}</Alert>}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('accountSecurity.setup.passwordText')}
      </Typography>
      <CurrentPasswordField value={password} onChange={setPassword} testId="field-two-factor-password" />
    </StepForm>
  );
}

function ScanStep({ setup, onDone, onCancel }: { setup: Setup; onDone: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const confirm = useConfirmTwoFactor();
  const apiKeys = useApiKeys();
  const keys = apiKeys.data ?? [];
  const [code, setCode] = useState('');
  const [revokeApiKeys, setRevokeApiKeys] = useState(false);
  return (
    <StepForm
      testId="two-factor-confirm-form"
      onSubmit={() => {
        if (!code.trim()) return;
        const body = { code: code.trim(), revoke_api_keys: keys.length > 0 && revokeApiKeys };
        confirm.mutate(body, { onSuccess: onDone });
      }}
      submitLabel={t('accountSecurity.setup.confirm')}
      submitTestId="two-factor-confirm"
      pending={confirm.isPending}
      onCancel={onCancel}
    >
      <Typography variant="body2">{t('accountSecurity.setup.scan')}</Typography>
      <Suspense fallback={<Box sx={{ height: 200 }} />}>
        <TwoFactorQrCode uri={setup.totp_uri} />
      </Suspense>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('accountSecurity.setup.secret')}:{' '}
        <Box component="code" sx={{ fontWeight: 600 }} data-testid="two-factor-secret">
          {setup.secret}
        </Box>
      </Typography>
      <Alert severity="warning" data-testid="two-factor-backup-codes">
        <Typography variant="subtitle2" component="h3">
          {t('accountSecurity.setup.backupTitle')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('accountSecurity.setup.backupText')}
        </Typography>
        <Box
          component="ul"
          sx={{
            m: 0,
            pl: 0,
            listStyle: 'none',
            display: 'grid',
            gap: 0.5,
            gridTemplateColumns: 'repeat(2, max-content)',
            columnGap: 3,
          }}
        >
          {setup.backup_codes.map((backupCode) => (
            <Box component="li" key={backupCode} sx={{ fontFamily: 'monospace' }}>
              {backupCode}
            </Box>
          ))}
        </Box>
      </Alert>
      {confirm.isError && <Alert severity="error">{errorMessage(confirm.error)}</Alert>}
      <TextField
        label={t('accountSecurity.setup.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'field-two-factor-code' },
        }}
      />
      {keys.length > 0 && (
        <Box data-testid="two-factor-api-keys">
          <FormControlLabel
            control={
              <Checkbox
                checked={revokeApiKeys}
                onChange={(event) => setRevokeApiKeys(event.target.checked)}
                slotProps={{
                  input: {
                    'aria-describedby': 'two-factor-api-keys-help',
                    'data-testid': 'two-factor-revoke-api-keys',
                  } as object,
                }}
              />
            }
            label={t('apiKeys.ending.twoFactorLabel')}
          />
          <FormHelperText id="two-factor-api-keys-help" sx={{ mt: 0, mb: 1 }}>
            {t('apiKeys.ending.twoFactorHelp')}
          </FormHelperText>
          <ApiKeysEndingList keys={keys} testId="two-factor-api-keys-list" />
        </Box>
      )}
    </StepForm>
  );
}

/**
 * Turning two-factor sign-in on: the password, then the QR code with the backup codes (shown this
 * once) and the first code from the app, which switches it on.
 */
export function TwoFactorSetup({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  return setup ? (
    <ScanStep setup={setup} onDone={onDone} onCancel={onCancel} />
  ) : (
    <PasswordStep onReady={setSetup} onCancel={onCancel} />
  );
}
