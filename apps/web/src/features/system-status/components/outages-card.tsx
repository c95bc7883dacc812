import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Outage } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { useOutages } from '../hooks/use-outages';

/** Each server's outages as red spans on a bar from the list's start until now. */
function Timeline({ outages, since }: { outages: Outage[]; since: string }) {
  const { t, i18n } = useTranslation();
  const from = new Date(since).getTime();
  const now = Date.now();
  const span = Math.max(1, now - from);
  const servers = [...new Map(outages.map((o) => [o.server_id, o.server])).entries()];
  const at = (iso: string) => Math.min(100, Math.max(0, ((new Date(iso).getTime() - from) / span) * 100));
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="outage-timeline">
      {servers.map(([id, name]) => (
        <Box key={id} sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="body2" noWrap>
            {name}
          </Typography>
          <Box
            sx={{ position: 'relative', height: 14, borderRadius: 1, bgcolor: 'success.light' }}
            data-testid={`outage-bar-${id}`}
          >
            {outages
              .filter((o) => o.server_id === id)
              .map((o) => {
                const left = at(o.started_at);
                const right = o.ended_at === null ? 100 : at(o.ended_at);
                return (
                  <Tooltip
                    key={o.id}
                    title={`${formatDateTime(o.started_at, i18n.resolvedLanguage)} – ${
                      o.ended_at ? formatDateTime(o.ended_at, i18n.resolvedLanguage) : t('outages.ongoing')
                    }`}
                  >
                    <Box
                      sx={{
                        position: 'absolute',
                        top: 0,
                        bottom: 0,
                        left: `${left}%`,
                        // A short outage stays visible as a thin mark.
                        width: `max(3px, ${right - left}%)`,
                        bgcolor: 'error.main',
                        borderRadius: 0.5,
                      }}
                    />
                  </Tooltip>
                );
              })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** How long an outage lasted (until now while it lasts), as hours and minutes: 26:05. */
export function outageDuration(outage: Outage, now = Date.now()): string {
  const end = outage.ended_at === null ? now : new Date(outage.ended_at).getTime();
  const minutes = Math.max(0, Math.round((end - new Date(outage.started_at).getTime()) / 60_000));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Servers' outages (open first, then the last 30 days'), as a timeline per server and a list. */
export function OutagesCard() {
  const { t, i18n } = useTranslation();
  const outages = useOutages();
  return (
    <Card data-testid="outages-card">
      <CardHeader title={t('outages.title')} subheader={t('outages.description')} />
      <CardContent sx={{ pt: 0, display: 'grid', gap: 2 }}>
        <QueryStates query={outages}>
          {(list) =>
            list.outages.length === 0 ? (
              <Typography color="text.secondary">{t('outages.none')}</Typography>
            ) : (
              <>
                <Timeline outages={list.outages} since={list.since} />
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                  {list.outages.map((o) => (
                    <Box component="li" key={o.id} data-testid={`outage-${o.id}`}>
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <Typography sx={{ fontWeight: 600 }}>{o.server}</Typography>
                        <Chip
                          size="small"
                          color={o.ended_at === null ? 'error' : 'default'}
                          label={o.ended_at === null ? t('outages.ongoing') : t('outages.ended')}
                        />
                        <Chip size="small" variant="outlined" label={t(`outages.causes.${o.cause}`)} />
                      </Box>
                      <Typography variant="body2" color="text.secondary">
                        {formatDateTime(o.started_at, i18n.resolvedLanguage)}
                        {o.ended_at && ` – ${formatDateTime(o.ended_at, i18n.resolvedLanguage)}`}
                        {' · '}
                        {t('outages.affected', { value: o.affected_lines })}
                        {o.compensated_lines > 0 &&
                          ` · ${t('outages.compensated', { value: o.compensated_lines })}`}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <span data-testid={`outage-${o.id}-duration`}>
                          {t('outages.duration', { value: outageDuration(o) })}
                        </span>
                        {o.compensated_minutes > 0 && (
                          <span data-testid={`outage-${o.id}-compensated-minutes`}>
                            {` · ${t('outages.compensatedMinutes', {
                              value: formatNumber(o.compensated_minutes, i18n.resolvedLanguage),
                            })}`}
                          </span>
                        )}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </>
            )
          }
        </QueryStates>
      </CardContent>
    </Card>
  );
}
