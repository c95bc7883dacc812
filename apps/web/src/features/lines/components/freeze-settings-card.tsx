import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { isAdminAccount, MAX_FREEZE_DAYS, MAX_FREEZES_PER_YEAR } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useLineSettings } from '../hooks/use-lines';
import { errorKey } from '../lib/error-key';
import { TrialNumberForm } from './trial-settings-card';

/** Admins only: how often a line may be frozen in 12 months (0: never) and the longest freeze. */
export function FreezeSettingsCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const errorMessage = useErrorMessage();
  const admin = isAdminAccount(account);
  const settings = useLineSettings(admin);
  if (!admin) return null;

  return (
    <Card data-testid="freeze-settings-card">
      <CardHeader title={t('lines.freezeSettings.title')} subheader={t('lines.freezeSettings.description')} />
      <CardContent>
        {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
        {settings.data && (
          <>
            <TrialNumberForm
              key={`per-year-${settings.data.freezes_per_year}`}
              field="freezes_per_year"
              current={settings.data.freezes_per_year}
              min={0}
              max={MAX_FREEZES_PER_YEAR}
              label={t('lines.freezeSettings.perYearLabel')}
              help={t('lines.freezeSettings.perYearHelp', { max: MAX_FREEZES_PER_YEAR })}
              invalid={t(errorKey('LINE_FREEZE_INVALID_SETTING'))}
              saved={(count) => t('lines.freezeSettings.perYearSaved', { count })}
              testId="freezes-per-year"
              first
            />
            <TrialNumberForm
              key={`max-days-${settings.data.freeze_max_days}`}
              field="freeze_max_days"
              current={settings.data.freeze_max_days}
              min={1}
              max={MAX_FREEZE_DAYS}
              label={t('lines.freezeSettings.maxDaysLabel')}
              help={t('lines.freezeSettings.maxDaysHelp', { max: MAX_FREEZE_DAYS })}
              invalid={t(errorKey('LINE_FREEZE_INVALID_SETTING'))}
              saved={(count) => t('lines.freezeSettings.maxDaysSaved', { count })}
              unit={t('lines.filters.days')}
              testId="freeze-max-days"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
