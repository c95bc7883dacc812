import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isAdminAccount, type TelegramSettingsPatch } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useSaveTelegramSettings, useTelegramSettings, useTestTelegram } from '../hooks/use-telegram';

/** The admin's bot setup: its token (write-only), the Bot API address, on/off, and a test. */
export function TelegramSettingsCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const settings = useTelegramSettings(admin);
  const save = useSaveTelegramSettings();
  const test = useTestTelegram();
  const [token, setToken] = useState('');
  const [apiRoot, setApiRoot] = useState('');
  useEffect(() => {
    if (settings.data) setApiRoot(settings.data.api_root);
  }, [settings.data]);

  if (!admin || !settings.data) return null;
  const current = settings.data;

  const submit = (patch: TelegramSettingsPatch) =>
    save.mutate(patch, {
      onSuccess: () => {
        setToken('');
        snackbar(t('telegram.settings.saved'));
      },
      onError: (error) => snackbar(errorMessage(error), 'error'),
    });
  const changes: TelegramSettingsPatch = {
    ...(token.trim() ? { token: token.trim() } : {}),
    ...(apiRoot.trim() && apiRoot.trim() !== current.api_root ? { api_root: apiRoot.trim() } : {}),
  };

  return (
    <Card data-testid="telegram-settings-card">
      <CardHeader title={t('telegram.settings.title')} subheader={t('telegram.settings.description')} />
      <CardContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2 }}>
          <FormControlLabel
            control={
              <Switch
                checked={current.enabled}
                disabled={save.isPending}
                onChange={(event) => submit({ enabled: event.target.checked })}
                slotProps={{ input: { 'aria-label': t('telegram.settings.enabled') } }}
              />
            }
            label={t('telegram.settings.enabled')}
          />
          <TextField
            label={t('telegram.settings.token')}
            type="password"
            size="small"
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            placeholder={current.token_set ? t('telegram.settings.tokenSet') : ''}
            helperText={
              current.token_set ? t('telegram.settings.tokenSetHelp') : t('telegram.settings.tokenHelp')
            }
          />
          <TextField
            label={t('telegram.settings.apiRoot')}
            size="small"
            value={apiRoot}
            onChange={(event) => setApiRoot(event.target.value)}
            helperText={t('telegram.settings.apiRootHelp')}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={Object.keys(changes).length === 0}
              loading={save.isPending}
              onClick={() => submit(changes)}
            >
              {t('telegram.settings.save')}
            </Button>
            <Button
              variant="outlined"
              disabled={!current.token_set}
              loading={test.isPending}
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: (result) =>
                    snackbar(t('telegram.settings.testOk', { username: result.bot_username })),
                  onError: (error) => snackbar(errorMessage(error), 'error'),
                })
              }
            >
              {t('telegram.settings.test')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
