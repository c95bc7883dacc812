import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SetupGuideStepKey } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { paths } from '../../../lib/paths';
import { useSetSetupGuideHidden, useSetupGuide } from '../hooks/use-setup-guide';
import { LocalAgentOffer, SignUpChoice } from './setup-guide-extras';

/** Where each step is done; sign-up is answered in the guide itself. */
const stepPaths: Record<Exclude<SetupGuideStepKey, 'sign_up'>, string> = {
  server: paths.serversAdd,
  credit_packages: `${paths.pricing}?tab=packages`,
  contact_details: paths.contactUs,
  reseller: paths.resellers,
};

/**
 * The admin's first-run guide: shown until every step is done (then once more, to be dismissed) or
 * until this admin hides it. The server ticks the steps from the panel's data, and the events of
 * servers, packages, settings and accounts refresh it live.
 */
export function SetupGuideCard({ place }: { place: 'top' | 'end' }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const guide = useSetupGuide(true);
  const setHidden = useSetSetupGuideHidden();

  if (!guide.data) return null;
  const { steps, complete, hidden } = guide.data;
  const hide = (value: boolean) =>
    setHidden.mutate(value, { onError: (error) => snackbar(errorMessage(error), 'error') });

  // Shown, the guide comes first; hidden, only the link to bring it back, at the page's end, where it
  // does not push the to-do list and the charts down.
  if (hidden !== (place === 'end')) return null;
  if (hidden) {
    if (complete) return null;
    return (
      <Box>
        <Link component="button" variant="body2" onClick={() => hide(false)} data-testid="setup-guide-show">
          {t('setupGuide.show')}
        </Link>
      </Box>
    );
  }

  const done = steps.filter((step) => step.done).length;
  return (
    <Card
      component="section"
      aria-labelledby="setup-guide-title"
      sx={{ p: { xs: 2.5, md: 3 } }}
      data-testid="setup-guide"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { sm: 'flex-start' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" id="setup-guide-title">
            {complete ? t('setupGuide.completeTitle') : t('setupGuide.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {complete ? t('setupGuide.completeText') : t('setupGuide.subtitle')}
          </Typography>
        </Box>
        <Button
          variant={complete ? 'contained' : 'outlined'}
          color="inherit"
          size="small"
          onClick={() => hide(true)}
          loading={setHidden.isPending}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          data-testid="setup-guide-hide"
        >
          {complete ? t('setupGuide.dismiss') : t('setupGuide.hide')}
        </Button>
      </Stack>
      <Typography
        variant="caption"
        component="p"
        sx={{ color: 'text.secondary', mb: 0.5 }}
        data-testid="setup-guide-progress"
      >
        {t('setupGuide.progress', { done, total: steps.length })}
      </Typography>
      {/* A plain bar: the figure above says it in words, and a progress indicator would read as "loading". */}
      <Box
        aria-hidden
        sx={{ mb: 2, height: 6, borderRadius: 3, bgcolor: 'action.selected', overflow: 'hidden' }}
      >
        <Box
          sx={{
            width: `${(done / steps.length) * 100}%`,
            height: 1,
            bgcolor: 'primary.dark',
            borderRadius: 3,
          }}
        />
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {steps.map((step) => (
          <Box
            component="li"
            key={step.key}
            data-testid={`setup-step-${step.key}`}
            data-done={step.done}
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              p: 1.5,
              borderRadius: 1.5,
              bgcolor: step.done ? 'action.hover' : 'transparent',
              border: 1,
              borderColor: 'divider',
            }}
          >
            {step.done ? (
              <CheckCircleIcon sx={{ color: 'success.dark', mt: 0.25 }} aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon sx={{ color: 'text.secondary', mt: 0.25 }} aria-hidden />
            )}
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="subtitle2" component="p">
                {t(`setupGuide.steps.${step.key}.title`)}
                <Box component="span" sx={visuallyHidden}>
                  {` (${step.done ? t('setupGuide.done') : t('setupGuide.todo')})`}
                </Box>
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`setupGuide.steps.${step.key}.text`)}
              </Typography>
              {step.key === 'sign_up' && <SignUpChoice />}
              {!step.done && step.key === 'server' && <LocalAgentOffer />}
              {!step.done && step.key !== 'sign_up' && (
                <Link
                  component={RouterLink}
                  to={stepPaths[step.key]}
                  variant="subtitle2"
                  sx={{ display: 'inline-block', mt: 0.5 }}
                  data-testid={`setup-step-${step.key}-link`}
                >
                  {t(`setupGuide.steps.${step.key}.action`)}
                </Link>
              )}
            </Box>
          </Box>
        ))}
      </Box>
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
