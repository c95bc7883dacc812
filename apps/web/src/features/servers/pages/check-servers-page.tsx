import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Server } from '@linedesk/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PageHeading } from '../../../components/page-heading';
import { QueryStates } from '../../../components/query-states';
import { useLiveEvent } from '../../realtime/hooks/use-live-event';
import { serversApi } from '../api/servers-api';
import { CheckResultsTable } from '../components/check-results-table';
import { useServerErrorMessage } from '../hooks/use-server-messages';
import { ALL_SERVERS, useCheckAllServers, useServers } from '../hooks/use-servers';
import { buildCheckRows } from '../lib/check-rows';

type Run = { token: number; ids: ReadonlySet<number>; live: ReadonlyMap<number, Server> };

export function CheckServersPage() {
  const { t } = useTranslation();
  const errorMessage = useServerErrorMessage();
  const servers = useServers(ALL_SERVERS);
  const check = useCheckAllServers();
  const [run, setRun] = useState<Run | null>(null);
  const runToken = useRef(0);

  // Each server's test publishes its change as soon as it is recorded; reading the server then
  // fills its row in before the slowest server has answered.
  useLiveEvent('cccam_servers', (event) => {
    const id = Number(event.id);
    if (!check.isPending || event.action !== 'update' || !run?.ids.has(id)) return;
    const token = run.token;
    serversApi.get(id).then(
      (server) =>
        setRun((current) =>
          current && current.token === token
            ? { ...current, live: new Map(current.live).set(id, server) }
            : current,
        ),
      () => undefined,
    );
  });

  const start = () => {
    runToken.current += 1;
    setRun({
      token: runToken.current,
      ids: new Set((servers.data?.items ?? []).map((server) => server.id)),
      live: new Map(),
    });
    check.mutate();
  };

  const rows = buildCheckRows({
    servers: servers.data?.items ?? [],
    running: check.isPending && run ? run.ids : null,
    live: run?.live ?? new Map(),
    results: check.data?.items,
  });
  const finished = check.data?.items;
  const passed = finished?.filter((result) => result.ok).length ?? 0;

  return (
    <>
      <PageHeading
        title={t('servers.check.title')}
        description={t('servers.check.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<FactCheckOutlinedIcon />}
            onClick={start}
            loading={check.isPending}
            loadingPosition="start"
            disabled={servers.isPending}
            data-testid="check-all-button"
          >
            {check.isPending ? t('servers.check.running') : t('servers.check.run')}
          </Button>
        }
      />
      <Card>
        {finished && (
          <Stack
            direction="row"
            sx={{ px: 3, py: 2.5, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
            data-testid="check-summary"
          >
            <Typography variant="subtitle2">{t('servers.check.finished')}</Typography>
            {passed > 0 && (
              <Chip
                size="small"
                color="success"
                variant="outlined"
                label={t('servers.check.passedCount', { n: passed })}
              />
            )}
            {finished.length - passed > 0 && (
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('servers.check.failedCount', { n: finished.length - passed })}
              />
            )}
          </Stack>
        )}
        {check.isError && (
          <Alert severity="error" sx={{ m: 3, mb: 0 }} data-testid="check-error">
            {errorMessage(check.error)}
          </Alert>
        )}
        <QueryStates
          query={servers}
          loading={<ListSkeleton />}
          errorSx={{ m: 3 }}
          describeError={errorMessage}
          isEmpty={() => rows.length === 0}
          empty={<EmptyState text={t('servers.check.empty')} />}
        >
          {() => <CheckResultsTable rows={rows} />}
        </QueryStates>
      </Card>
    </>
  );
}
