import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Why a background job (a bulk action, an import) failed as a whole, as the server kept it: an
 * error code when it is one the panel knows (shown in the reader's language), else the server's
 * own words, which name the cause for whoever looks into it.
 */
export function JobError({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  const code = text.split(':', 1)[0]!;
  const shown = i18n.exists(`errors.${code}`) ? t(`errors.${code}` as 'errors.INTERNAL') : text;
  return (
    <Typography variant="body2" data-testid="job-error" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
      {t('linesBulk.jobError', { reason: shown })}
    </Typography>
  );
}
