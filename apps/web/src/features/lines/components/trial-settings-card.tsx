import { MAX_TRIAL_DAYS, MAX_TRIAL_LINES_PER_DAY } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/error-key';
import { LineSettingsCard, NumberSettingForm } from './line-settings-form';

/** Admins only: how long a free trial line lasts and how many a reseller may create per day. */
export function TrialSettingsCard() {
  const { t } = useTranslation();
  return (
    <LineSettingsCard
      title={t('lines.trialSettings.title')}
      description={t('lines.trialSettings.description')}
      testId="trial-settings-card"
    >
      {(settings) => (
        <>
          <NumberSettingForm
            key={settings.trial_days}
            field="trial_days"
            current={settings.trial_days}
            min={1}
            max={MAX_TRIAL_DAYS}
            label={t('lines.trialSettings.label')}
            help={t('lines.trialSettings.help', { max: MAX_TRIAL_DAYS })}
            invalid={t(errorKey('LINE_INVALID_TRIAL_DAYS'))}
            saved={(days) => t('lines.trialSettings.saved', { days })}
            unit={t('lines.filters.days')}
            testId="trial-days"
            first
          />
          <NumberSettingForm
            key={`limit-${settings.trial_lines_per_day}`}
            field="trial_lines_per_day"
            current={settings.trial_lines_per_day}
            min={0}
            max={MAX_TRIAL_LINES_PER_DAY}
            label={t('lines.trialSettings.limitLabel')}
            help={t('lines.trialSettings.limitHelp', { max: MAX_TRIAL_LINES_PER_DAY })}
            invalid={t(errorKey('LINE_INVALID_TRIAL_LIMIT'))}
            saved={(count) => t('lines.trialSettings.limitSaved', { count })}
            testId="trial-limit"
          />
        </>
      )}
    </LineSettingsCard>
  );
}
