import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { usePlanLock, useSetPlanLock } from '../hooks/use-line-locks';
import { LockEditor } from './lock-editor';

/** A plan's lock in its editor: where its lines may be used from, saved on its own. */
export function PlanLockSection({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = usePlanLock(planId);
  const save = useSetPlanLock(planId);
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="plan-lock">
      <Divider />
      <Typography variant="subtitle1">{t('lines.locks.title')}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('lines.locks.planHelp')}
      </Typography>
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      {save.isSuccess && <Alert severity="success">{t('lines.locks.saved')}</Alert>}
      {query.data && (
        <LockEditor
          value={query.data.lock}
          pending={save.isPending}
          onSave={(lock) => save.mutate({ lock })}
          clearLabel={t('lines.locks.clearPlan')}
          testId="plan-lock-editor"
        />
      )}
    </Stack>
  );
}
