import { MAX_FREEZE_DAYS, MAX_FREEZES_PER_YEAR } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../lib/error-key';
import { LineSettingsCard, NumberSettingForm } from './line-settings-form';

/** Admins only: how often a line may be frozen in 12 months (0: never) and the longest freeze. */
export function FreezeSettingsCard() {
  const { t } = useTranslation();
  return (
    <LineSettingsCard
      title={t('lines.freezeSettings.title')}
      description={t('lines.freezeSettings.description')}
      testId="freeze-settings-card"
    >
      {(settings) => (
        <>
          <NumberSettingForm
            key={`per-year-${settings.freezes_per_year}`}
            field="freezes_per_year"
            current={settings.freezes_per_year}
            min={0}
            max={MAX_FREEZES_PER_YEAR}
            label={t('lines.freezeSettings.perYearLabel')}
            help={t('lines.freezeSettings.perYearHelp', { max: MAX_FREEZES_PER_YEAR })}
            invalid={t(errorKey('LINE_FREEZE_INVALID_SETTING'))}
            saved={(count) => t('lines.freezeSettings.perYearSaved', { count })}
            testId="freezes-per-year"
            first
          />
          <NumberSettingForm
            key={`max-days-${settings.freeze_max_days}`}
            field="freeze_max_days"
            current={settings.freeze_max_days}
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
    </LineSettingsCard>
  );
}
