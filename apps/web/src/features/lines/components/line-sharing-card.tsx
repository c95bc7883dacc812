import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isLanguage, type SharingEvidenceEntry } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { useLineSharing } from '../hooks/use-line-connections';

function useLanguage() {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/** The score's band: what the reseller reads first. */
function level(score: number): {
  key: 'none' | 'low' | 'medium' | 'high';
  color: 'success' | 'info' | 'warning' | 'error';
} {
  if (score === 0) return { key: 'none', color: 'success' };
  if (score < 50) return { key: 'low', color: 'info' };
  if (score < 80) return { key: 'medium', color: 'warning' };
  return { key: 'high', color: 'error' };
}

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function EvidenceRow({ entry }: { entry: SharingEvidenceEntry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const facts = [
    `${t('lineConnections.evidence.network')}: ${
      entry.network ? `${entry.network} (AS${entry.asn})` : t('lineConnections.evidence.unknownNetwork')
    }`,
    `${t('lineConnections.evidence.country')}: ${
      entry.country ? countryName(entry.country, language) : t('lineConnections.evidence.unknownCountry')
    }`,
    entry.channel && `${t('lineConnections.evidence.channel')}: ${entry.channel}`,
    `${t('lineConnections.evidence.firstSeen')}: ${formatDateTime(entry.first_seen_at, language)}`,
    `${t('lineConnections.evidence.lastSeen')}: ${formatDateTime(entry.last_seen_at, language)}`,
    `${t('lineConnections.evidence.entryScore')}: ${entry.score}`,
  ].filter(Boolean);
  return (
    <Box data-testid="sharing-evidence" sx={{ py: 1.5, minWidth: 0 }}>
      <Typography variant="subtitle2" data-testid="sharing-evidence-ip" sx={{ wordBreak: 'break-all' }}>
        {entry.ip}
      </Typography>
      {facts.map((fact) => (
        <Typography
          key={fact as string}
          variant="caption"
          component="div"
          sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {fact}
        </Typography>
      ))}
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
        {entry.signals.map((signal) => (
          <Chip
            key={signal}
            size="small"
            variant="outlined"
            label={t(`lineConnections.evidence.signals.${signal}`)}
          />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * The line's sharing score and the evidence behind it (when, from which address, network and
 * country, what was seen), newest first, so a reseller can talk it through with the customer.
 */
// Memoised: the line page's form renders again beside it as it is typed in.
export const LineSharingCard = memo(function LineSharingCard({ lineId }: { lineId: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useLineSharing(lineId);
  const data = query.data;
  const band = level(data?.score ?? 0);
  const stepNames = (steps: string[]) =>
    steps.map((step) => t(`lineConnections.evidence.steps.${step as 'note'}`)).join(', ');

  return (
    <Card data-testid="line-sharing-card">
      <CardHeader
        title={t('lineConnections.evidence.title')}
        subheader={t('lineConnections.evidence.subtitle')}
      />
      <CardContent>
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {query.isPending && <Skeleton variant="rounded" height={64} />}
        {data && (
          <Stack sx={{ gap: 1.5 }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" data-testid="sharing-score">
                {t('lineConnections.evidence.score', { score: data.score })}
              </Typography>
              <Chip size="small" color={band.color} label={t(`lineConnections.evidence.level.${band.key}`)} />
            </Stack>
            {/* A meter, not a progress bar: nothing is loading, and a progress bar would say so. */}
            <Box
              role="meter"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={data.score}
              aria-label={t('lineConnections.evidence.score', { score: data.score })}
              sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', overflow: 'hidden' }}
            >
              <Box sx={{ width: `${data.score}%`, height: '100%', bgcolor: `${band.color}.main` }} />
            </Box>
            {data.steps_taken.length > 0 && (
              <Typography variant="body2" data-testid="sharing-steps-taken">
                {t('lineConnections.evidence.stepsTaken', {
                  steps: stepNames(data.steps_taken),
                })}
              </Typography>
            )}
            {data.steps_not_supported.length > 0 && (
              <Typography variant="body2" data-testid="sharing-steps-not-supported">
                {t('lineConnections.evidence.stepsNotSupported', {
                  steps: stepNames(data.steps_not_supported),
                })}
              </Typography>
            )}
            {data.oscam_in_force && (
              <Typography
                variant="body2"
                data-testid="sharing-oscam-in-force"
                sx={{ color: 'text.secondary' }}
              >
                {t('lineConnections.evidence.oscamInForce', { lines: data.oscam_in_force.join(', ') })}
              </Typography>
            )}
            {data.evidence.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('lineConnections.evidence.none')}
              </Typography>
            ) : (
              <Box>
                {data.evidence.map((entry, index) => (
                  <Box key={entry.ip}>
                    {index > 0 && <Divider />}
                    <EvidenceRow entry={entry} />
                  </Box>
                ))}
              </Box>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
});
