import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ActivationResult } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useActivateCode } from '../hooks/use-activation-codes';

type ActivateCodeCardProps = {
  onActivated: (result: ActivationResult) => void;
  onCancel: () => void;
};

/**
 * The add-line page's other way: a prepaid code becomes the new line, on the server a create would
 * pick. Username and password may be left empty; the server then draws them.
 */
export function ActivateCodeCard({ onActivated, onCancel }: ActivateCodeCardProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const activate = useActivateCode();
  const [code, setCode] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    activate.mutate(
      { code, username: username.trim() || null, password: password.trim() || null },
      {
        onSuccess: (result) => {
          setCode('');
          setUsername('');
          setPassword('');
          onActivated(result);
        },
      },
    );
  };

  return (
    <Card component="form" noValidate onSubmit={submit} data-testid="activate-code-form">
      <CardHeader
        title={t('activationCodes.activate.title')}
        subheader={t('activationCodes.activate.subtitle')}
      />
      <CardContent>
        <Stack sx={{ gap: 2.5 }}>
          {activate.isError && (
            <Alert severity="error" data-testid="activate-code-error">
              {errorMessage(activate.error)}
            </Alert>
          )}
          <TextField
            label={t('activationCodes.activate.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
            autoFocus
            placeholder="ABCD-EFGH-JKLM-NPQR"
            slotProps={{
              htmlInput: {
                'data-testid': 'activate-code',
                autoComplete: 'off',
                style: { fontFamily: 'monospace', textTransform: 'uppercase' },
              },
            }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('lines.fields.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              helperText={t('activationCodes.activate.generatedHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'activate-username', autoComplete: 'off' } }}
            />
            <TextField
              label={t('lines.fields.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              helperText={t('activationCodes.activate.generatedHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'activate-password', autoComplete: 'off' } }}
            />
          </Box>
          <Stack direction="row" sx={{ gap: 1.5, justifyContent: 'flex-end' }}>
            <Button variant="outlined" color="inherit" onClick={onCancel} disabled={activate.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={activate.isPending}
              disabled={!code.trim()}
              data-testid="activate-submit"
            >
              {t('activationCodes.activate.submit')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
