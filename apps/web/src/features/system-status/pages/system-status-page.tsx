import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { QueryStates } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/format-date';
import { OutagesCard } from '../components/outages-card';
import { StatusRow } from '../components/status-row';
import { useSystemStatus } from '../hooks/use-system-status';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function uptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0 ? `${days}d ${hours}h ${minutes}m` : `${hours}h ${minutes}m ${seconds % 60}s`;
}

/** The spec's backend connection test (/supabase-test), grown into the operator's status page. */
export function SystemStatusPage() {
  const { t, i18n } = useTranslation();
  const status = useSystemStatus();
  const language = i18n.resolvedLanguage;
  const ok = (value: boolean) => ({
    ok: value,
    label: value ? t('systemStatus.ok') : t('systemStatus.failing'),
  });

  return (
    <>
      <title>{`${t('systemStatus.title')} | Linedesk`}</title>
      <PageHeading title={t('systemStatus.title')} description={t('systemStatus.description')} />
      <Box sx={{ mb: 3 }}>
        <OutagesCard />
      </Box>
      <QueryStates query={status}>
        {(s) => (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
            <Card>
              <CardHeader title={t('systemStatus.backend')} />
              <CardContent sx={{ pt: 0 }}>
                <StatusRow
                  label={t('systemStatus.database')}
                  testId="status-database"
                  value={
                    <>
                      <span data-testid="status-database-kind">
                        {s.database.kind === 'postgres'
                          ? t('systemStatus.postgres')
                          : t('systemStatus.embedded')}
                      </span>
                      {s.database.latency_ms !== null &&
                        ` · ${t('systemStatus.latency', { ms: s.database.latency_ms.toFixed(1) })}`}
                      {s.database.error && ` · ${s.database.error}`}
                    </>
                  }
                  state={ok(s.database.ok)}
                />
                <StatusRow
                  label={t('systemStatus.migrations')}
                  value={t('systemStatus.migrationsValue', {
                    applied: s.migrations.applied,
                    available: s.migrations.available,
                    latest: s.migrations.latest ?? '—',
                  })}
                  state={ok(s.migrations.applied === s.migrations.available)}
                />
                <StatusRow
                  label={t('systemStatus.events')}
                  value={
                    s.events.transport === 'listen-notify'
                      ? t('systemStatus.listenNotify')
                      : t('systemStatus.inProcess')
                  }
                  state={ok(s.events.healthy)}
                />
                <StatusRow
                  label={t('systemStatus.mail')}
                  value={s.mail.transport === 'smtp' ? t('systemStatus.smtp') : t('systemStatus.mailLog')}
                />
                <StatusRow
                  label={t('systemStatus.version')}
                  value={`Linedesk ${s.app.version} · Node.js ${s.app.node}`}
                />
                <StatusRow
                  label={t('systemStatus.uptime')}
                  value={`${uptime(s.app.uptime_seconds)} · ${t('systemStatus.since', {
                    time: formatDateTime(s.app.started_at, language),
                  })}`}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader title={t('systemStatus.sync')} subheader={t('systemStatus.syncDescription')} />
              <CardContent sx={{ pt: 0 }}>
                <StatusRow
                  label={t('systemStatus.outboxPending')}
                  value={s.outbox.pending}
                  testId="status-outbox"
                  state={ok(s.outbox.failing === 0)}
                />
                <StatusRow label={t('systemStatus.outboxFailing')} value={s.outbox.failing} />
                <StatusRow
                  label={t('systemStatus.outboxOldest')}
                  value={s.outbox.oldest_at ? formatDateTime(s.outbox.oldest_at, language) : '—'}
                />
                <StatusRow label={t('systemStatus.outboxLastError')} value={s.outbox.last_error ?? '—'} />
              </CardContent>
            </Card>
            <Card data-testid="status-backups">
              <CardHeader
                title={t('systemStatus.backups')}
                subheader={t('systemStatus.backupsDescription')}
              />
              <CardContent sx={{ pt: 0 }}>
                {s.backups.by === 'pg_dump' ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('systemStatus.backupsByPgDump')}
                  </Typography>
                ) : (
                  <>
                    <StatusRow
                      label={t('systemStatus.backupsLast')}
                      testId="status-backups-last"
                      value={
                        s.backups.last_at
                          ? formatDateTime(s.backups.last_at, language)
                          : t('systemStatus.backupsNone')
                      }
                      state={s.backups.last_error ? ok(false) : undefined}
                    />
                    <StatusRow
                      label={t('systemStatus.backupsSize')}
                      value={s.backups.last_size_bytes === null ? '—' : megabytes(s.backups.last_size_bytes)}
                    />
                    <StatusRow
                      label={t('systemStatus.backupsKept')}
                      value={t('systemStatus.backupsKeptValue', {
                        count: s.backups.count,
                        keep: s.backups.keep,
                      })}
                    />
                    <StatusRow
                      label={t('systemStatus.backupsNext')}
                      value={
                        s.backups.next_at
                          ? t('systemStatus.backupsEvery', {
                              time: formatDateTime(s.backups.next_at, language),
                              hours: s.backups.interval_hours,
                            })
                          : t('systemStatus.backupsOnRequest')
                      }
                    />
                    {s.backups.last_error && (
                      <StatusRow label={t('systemStatus.backupsLastError')} value={s.backups.last_error} />
                    )}
                  </>
                )}
              </CardContent>
            </Card>
            <Card sx={{ gridColumn: '1 / -1' }}>
              <CardHeader title={t('systemStatus.jobs')} subheader={t('systemStatus.jobsDescription')} />
              <CardContent sx={{ pt: 0 }}>
                {s.jobs.length === 0 ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('systemStatus.noJobRuns')}
                  </Typography>
                ) : (
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('systemStatus.job')}</TableCell>
                        <TableCell>{t('systemStatus.lastRun')}</TableCell>
                        <TableCell align="right">{t('systemStatus.duration')}</TableCell>
                        <TableCell align="right">{t('systemStatus.runs')}</TableCell>
                        <TableCell>{t('systemStatus.lastError')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {s.jobs.map((job) => (
                        <TableRow key={job.name} data-testid="status-job">
                          <TableCell sx={{ fontFamily: 'monospace' }}>{job.name}</TableCell>
                          <TableCell>
                            {job.last_run_at ? formatDateTime(job.last_run_at, language) : '—'}
                          </TableCell>
                          <TableCell align="right">
                            {job.last_duration_ms === null ? '—' : `${job.last_duration_ms} ms`}
                          </TableCell>
                          <TableCell align="right">{job.runs}</TableCell>
                          <TableCell sx={{ color: job.last_error ? 'error.main' : 'text.secondary' }}>
                            {job.last_error
                              ? `${job.last_error} (${formatDateTime(job.last_error_at, language)})`
                              : '—'}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </CardContent>
            </Card>
          </Box>
        )}
      </QueryStates>
    </>
  );
}
