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
import { isLanguage, type LineLock, type LockViolation } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { LockEditor } from '../../line-plans/components/lock-editor';
import { useLineLock, useSetLineLock } from '../../line-plans/hooks/use-line-locks';

function useLanguage() {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const noLock: LineLock = { countries: [], asns: [], no_datacenters: false };

/** The lock in force in a few words: "DE, AT · AS3320 · no datacenters". */
function LockSummary({ lock }: { lock: LineLock }) {
  const { t } = useTranslation();
  const parts = [
    lock.countries.length > 0 && `${t('lines.locks.countries')}: ${lock.countries.join(', ')}`,
    lock.asns.length > 0 && `${t('lines.locks.asns')}: ${lock.asns.map((asn) => `AS${asn}`).join(', ')}`,
    lock.no_datacenters && t('lines.locks.noDatacenters'),
  ].filter(Boolean);
  return (
    <Typography variant="body2" data-testid="line-lock-effective">
      {parts.length > 0 ? parts.join(' · ') : t('lines.locks.none')}
    </Typography>
  );
}

function ViolationRow({ entry }: { entry: LockViolation }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const facts = [
    `${t('lines.locks.where')}: ${[
      entry.country ? countryName(entry.country, language) : null,
      entry.network ? `${entry.network} (AS${entry.asn})` : null,
    ]
      .filter(Boolean)
      .join(', ')}`,
    entry.server_name && `${t('lines.locks.server')}: ${entry.server_name}`,
    `${t('lines.locks.firstSeen')}: ${formatDateTime(entry.first_seen_at, language)}`,
    `${t('lines.locks.lastSeen')}: ${formatDateTime(entry.last_seen_at, language)}`,
    entry.ended_at && `${t('lines.locks.ended')}: ${formatDateTime(entry.ended_at, language)}`,
  ].filter(Boolean);
  return (
    <Box data-testid="lock-violation" sx={{ py: 1.5, minWidth: 0 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ wordBreak: 'break-all' }}>
          {entry.ip}
        </Typography>
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={t(`lines.locks.reasons.${entry.reason}`)}
        />
        <Chip
          size="small"
          color={entry.action === 'disconnected' ? 'success' : 'warning'}
          label={t(`lines.locks.actions.${entry.action}`)}
        />
      </Stack>
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
    </Box>
  );
}

/**
 * The line's lock (its own, else its plan's) with an editor for its own, and the connections seen
 * outside it, newest first. Memoised: the line page's form renders again beside it as it is typed in.
 */
export const LineLockCard = memo(function LineLockCard({ lineId }: { lineId: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useLineLock(lineId);
  const save = useSetLineLock(lineId);
  const data = query.data;

  return (
    <Card data-testid="line-lock-card">
      <CardHeader title={t('lines.locks.title')} subheader={t('lines.locks.lineHelp')} />
      <CardContent>
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {query.isPending && <Skeleton variant="rounded" height={64} />}
        {data && (
          <Stack sx={{ gap: 2 }}>
            <Box>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {data.own ? t('lines.locks.fromLine') : data.plan ? t('lines.locks.fromPlan') : null}
              </Typography>
              <LockSummary lock={data.effective ?? noLock} />
            </Box>
            {data.effective && !data.enforced && (
              <Alert severity="warning" data-testid="line-lock-not-enforced">
                {t('lines.locks.notEnforced')}
              </Alert>
            )}
            {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
            <LockEditor
              key={JSON.stringify(data.own)}
              value={data.own}
              pending={save.isPending}
              onSave={(lock) => save.mutate({ lock })}
              clearLabel={t('lines.locks.clearLine')}
              testId="line-lock-editor"
            />
            <Divider />
            <Typography variant="subtitle1">{t('lines.locks.violations')}</Typography>
            {data.violations.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('lines.locks.noViolations')}
              </Typography>
            ) : (
              <Box>
                {data.violations.map((entry, index) => (
                  <Box key={entry.id}>
                    {index > 0 && <Divider />}
                    <ViolationRow entry={entry} />
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
