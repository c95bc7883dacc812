import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  LOCAL_AGENT_HOST,
  LOCAL_AGENT_USERNAME,
  localAgentCommand,
  localAgentPassword,
} from '@linedesk/shared/local-agent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSetSignUpOpen, useSignUpSettings } from '../hooks/use-setup-guide';

/**
 * The guide's question about open sign-up: a fresh panel lets anyone create an account, which an
 * admin should choose knowingly. Either answer is stored and ticks the step.
 */
export function SignUpChoice() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const settings = useSignUpSettings(true);
  const setOpen = useSetSignUpOpen();
  const choose = (open: boolean) =>
    setOpen.mutate(open, { onError: (error) => snackbar(errorMessage(error), 'error') });
  return (
    <Stack sx={{ gap: 1, mt: 1 }} data-testid="sign-up-choice">
      {settings.data && (
        <Typography variant="body2" data-testid="sign-up-state">
          {settings.data.open ? t('setupGuide.signUp.nowOpen') : t('setupGuide.signUp.nowClosed')}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          onClick={() => choose(true)}
          disabled={setOpen.isPending}
          data-testid="sign-up-keep-open"
        >
          {t('setupGuide.signUp.keepOpen')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          color="inherit"
          onClick={() => choose(false)}
          disabled={setOpen.isPending}
          data-testid="sign-up-close"
        >
          {t('setupGuide.signUp.close')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * "Run an agent on this machine": to try the panel without a card server, the exact command to run
 * in the panel's checkout (an agent on 127.0.0.1 over a throw-away CCcam.cfg), with a password made
 * here, and what to enter in the Add server form. A real server gets its agent with Install the agent.
 */
export function LocalAgentOffer() {
  const { t } = useTranslation();
  const [password, setPassword] = useState<string | null>(null);
  if (!password) {
    return (
      <Button
        variant="text"
        size="small"
        sx={{ mt: 0.5, px: 0 }}
        onClick={() => setPassword(localAgentPassword((bytes) => crypto.getRandomValues(bytes)))}
        data-testid="local-agent-offer"
      >
        {t('setupGuide.localAgent.offer')}
      </Button>
    );
  }
  return (
    <Box sx={{ mt: 1 }} data-testid="local-agent">
      <Typography variant="body2">{t('setupGuide.localAgent.run')}</Typography>
      <Box
        component="pre"
        sx={{
          my: 1,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          fontSize: 13,
        }}
        data-testid="local-agent-command"
      >
        {localAgentCommand({ password })}
      </Box>
      <Typography variant="body2">
        {t('setupGuide.localAgent.then', {
          host: LOCAL_AGENT_HOST,
          port: 3000,
          username: LOCAL_AGENT_USERNAME,
        })}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'monospace' }} data-testid="local-agent-password">
        {password}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {t('setupGuide.localAgent.realServer')}
      </Typography>
    </Box>
  );
}
