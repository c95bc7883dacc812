import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import {
  loadMetrics,
  loadThreshold,
  type LoadMetric,
  type LoadPoint,
  type ServerLoad,
} from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { useServerLoad, useUpdateServerThresholds } from '../hooks/use-ecm-stats';
import { LoadThresholdFields, parseThresholds, thresholdTexts } from './load-threshold-fields';

const pointValue = (point: LoadPoint, metric: LoadMetric) =>
  metric === 'clients' ? point.clients : point[`${metric}_percent`];

/** A server machine's CPU, memory, disk and clients now, over the last day, and its thresholds (admins). */
export function ServerLoadPanel({ serverId }: { serverId: number }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useServerLoad(serverId);
  const data = query.data;
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="server-load">
      <Typography variant="subtitle1">{t('ecmStats.load.title')}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('ecmStats.load.subtitle')}
      </Typography>
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {query.isPending && <Skeleton variant="rounded" height={120} />}
      {data && (
        <>
          {data.poll_error && (
            <Alert severity="warning" data-testid="server-load-error">
              {t('ecmStats.load.pollError', { error: data.poll_error })}
            </Alert>
          )}
          {data.latest ? (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('ecmStats.load.readAt', { time: formatDateTime(data.latest.at, i18n.resolvedLanguage) })}
            </Typography>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="server-load-none">
              {t('ecmStats.load.none')}
            </Typography>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            {loadMetrics.map((metric) => (
              <MetricTile key={metric} metric={metric} load={data} />
            ))}
          </Box>
          <ServerThresholdsForm key={JSON.stringify(data.overrides)} serverId={serverId} load={data} />
        </>
      )}
    </Stack>
  );
}

function MetricTile({ metric, load }: { metric: LoadMetric; load: ServerLoad }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const percent = metric !== 'clients';
  const show = (value: number) =>
    percent
      ? formatNumber(value / 100, language, { style: 'percent', maximumFractionDigits: 1 })
      : formatNumber(value, language);
  const now = load.latest ? pointValue(load.latest, metric) : null;
  const threshold = loadThreshold(load.thresholds, metric);
  const over = load.alerts.includes(metric);
  const series = load.history.map((point) => pointValue(point, metric));
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={`server-load-${metric}`}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t(`ecmStats.load.metrics.${metric}`)}
        </Typography>
        {over && <Chip size="small" color="error" label={t('ecmStats.load.over')} />}
      </Box>
      <Typography variant="h6" data-testid={`server-load-${metric}-value`}>
        {now === null ? t('ecmStats.load.unknown') : show(now)}
      </Typography>
      <Typography
        variant="caption"
        sx={{ color: 'text.secondary' }}
        data-testid={`server-load-${metric}-threshold`}
      >
        {threshold === null
          ? t('ecmStats.load.notWatched')
          : t('ecmStats.load.thresholdLabel', { value: show(threshold) })}
      </Typography>
      {series.some((value) => value !== null) && (
        <SparkLineChart
          height={40}
          data={series.map((value) => value ?? 0)}
          color={over ? 'var(--mui-palette-error-main, #d32f2f)' : undefined}
          area
          valueFormatter={(value) => (value === null ? '' : show(value))}
        />
      )}
    </Paper>
  );
}

/** The server's own thresholds: off, it follows the panel's; on, the fields are its own. */
function ServerThresholdsForm({ serverId, load }: { serverId: number; load: ServerLoad }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useUpdateServerThresholds(serverId);
  const ownBefore = Object.keys(load.overrides).length > 0;
  const [own, setOwn] = useState(ownBefore);
  const [texts, setTexts] = useState(() => thresholdTexts(load.thresholds));
  const parsed = parseThresholds(texts);
  const changed =
    own !== ownBefore || (own && JSON.stringify(texts) !== JSON.stringify(thresholdTexts(load.thresholds)));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (own && !parsed.success) return;
        save.mutate(own && parsed.success ? parsed.data : {}, {
          onSuccess: () => snackbar(t('ecmStats.load.saved')),
        });
      }}
      sx={{ display: 'grid', gap: 1.5 }}
      data-testid="server-thresholds"
    >
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <FormControlLabel
        control={
          <Switch
            checked={own}
            onChange={(event) => setOwn(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'server-thresholds-own' } as object }}
          />
        }
        label={t('ecmStats.load.own')}
      />
      <LoadThresholdFields texts={texts} onChange={setTexts} disabled={!own} idPrefix="server-threshold" />
      {own && !parsed.success && <Alert severity="warning">{t('errors.LOAD_ALERT_INVALID_SETTINGS')}</Alert>}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {own ? t('ecmStats.load.emptyHelp') : t('ecmStats.load.ownHelp')}
      </Typography>
      <Box>
        <Button
          type="submit"
          variant="outlined"
          disabled={!changed || (own && !parsed.success)}
          loading={save.isPending}
          data-testid="server-thresholds-save"
        >
          {t('ecmStats.load.save')}
        </Button>
      </Box>
    </Box>
  );
}
