import AddIcon from '@mui/icons-material/Add';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import type { LineBulkJob, Server } from '@linedesk/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { QueryStates } from '../../../components/query-states';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { keepPageInRange, usePaging } from '../../../hooks/use-paging';
import { paths } from '../../../lib/paths';
import { BulkJobDialog } from '../../lines/components/bulk-job-dialog';
import { MoveServerDialog } from '../../lines/components/move-server-dialog';
import { AgentInstallDialog } from '../components/agent-install-dialog';
import { DeleteServerDialog } from '../components/delete-server-dialog';
import { ServerEditDialog } from '../components/server-edit-dialog';
import { ServersTable } from '../components/servers-table';
import { useServerErrorMessage, useServerMessage } from '../hooks/use-server-messages';
import { useServers, useTestServer } from '../hooks/use-servers';
import { lazyPage } from '../../../lib/lazy-page';
import { useAccount } from '../../auth/hooks/account-context';
import { serverRights } from '../lib/server-rights';

// The charts library comes only with the dialog that draws it.
const ServerEcmDialog = lazyPage(
  () => import('../../ecm-stats/components/server-ecm-dialog'),
  'ServerEcmDialog',
);

// The server stays set while a dialog closes, so its text does not change mid-animation.
type DialogState = { open: boolean; server: Server | null };
const closed: DialogState = { open: false, server: null };

export function ManageServersPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useServerErrorMessage();
  const serverMessage = useServerMessage();
  const paging = usePaging();
  const rights = serverRights(useAccount());
  const servers = useServers({ page: paging.page + 1, pageSize: paging.pageSize });
  const test = useTestServer();
  const [testing, setTesting] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<DialogState>(closed);
  const [deleting, setDeleting] = useState<DialogState>(closed);
  const [installing, setInstalling] = useState<DialogState>(closed);
  const [moving, setMoving] = useState<DialogState>(closed);
  const [ecm, setEcm] = useState<DialogState>(closed);
  const [job, setJob] = useState<{ open: boolean; started: LineBulkJob | null }>({
    open: false,
    started: null,
  });

  const runTest = async (server: Server) => {
    setTesting((ids) => new Set(ids).add(server.id));
    try {
      const result = await test.mutateAsync(server.id);
      if (result.ok) {
        snackbar(
          result.version
            ? t('servers.manage.testSuccessVersion', { name: server.server_name, version: result.version })
            : t('servers.manage.testSuccess', { name: server.server_name }),
        );
      } else {
        snackbar(
          t('servers.manage.testFailed', {
            name: server.server_name,
            message: serverMessage(result.message),
          }),
          'error',
        );
      }
    } catch (error) {
      snackbar(errorMessage(error), 'error');
    } finally {
      setTesting((ids) => {
        const next = new Set(ids);
        next.delete(server.id);
        return next;
      });
    }
  };

  const total = keepPageInRange(paging, servers.data);

  return (
    <>
      <PageHeading
        title={t('servers.manage.title')}
        description={t('servers.manage.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={paths.serversAdd}
            data-testid="server-add-button"
          >
            {t('servers.manage.add')}
          </Button>
        }
      />
      <Card>
        <QueryStates
          query={servers}
          loading={<ListSkeleton />}
          errorSx={{ m: 3 }}
          describeError={errorMessage}
          isEmpty={() => total === 0}
          empty={
            <EmptyState
              icon={DnsOutlinedIcon}
              title={t('servers.manage.emptyTitle')}
              text={t('servers.manage.emptyText')}
              testId="servers-empty"
            />
          }
        >
          {(data) => (
            <>
              <ServersTable
                servers={data.items}
                rights={rights}
                testing={testing}
                onTest={(server) => void runTest(server)}
                onEdit={(server) => setEditing({ open: true, server })}
                onInstall={(server) => setInstalling({ open: true, server })}
                onDelete={(server) => setDeleting({ open: true, server })}
                onMoveLines={(server) => setMoving({ open: true, server })}
                onEcmStats={(server) => setEcm({ open: true, server })}
                onPromoted={(started) => {
                  snackbar(t('serverStandby.promoteStarted'));
                  setJob({ open: true, started });
                }}
              />
              <ListPagination total={total} paging={paging} />
            </>
          )}
        </QueryStates>
      </Card>

      <ServerEditDialog
        open={editing.open}
        server={editing.server}
        standby={rights.standby}
        onClose={() => setEditing((state) => ({ ...state, open: false }))}
        onSaved={(server) => {
          snackbar(t('servers.manage.updateSuccess', { name: server.server_name }));
          setEditing((state) => ({ ...state, open: false }));
        }}
      />
      {ecm.server && (
        <Suspense fallback={null}>
          <ServerEcmDialog
            open={ecm.open}
            server={{ id: ecm.server.id, name: ecm.server.server_name }}
            onClose={() => setEcm((state) => ({ ...state, open: false }))}
          />
        </Suspense>
      )}
      <AgentInstallDialog
        open={installing.open}
        server={installing.server}
        onClose={() => setInstalling((state) => ({ ...state, open: false }))}
      />
      {moving.server && (
        <MoveServerDialog
          open={moving.open}
          source={{ server: { id: moving.server.id, name: moving.server.server_name } }}
          onClose={() => setMoving((state) => ({ ...state, open: false }))}
          onStarted={(started) => {
            setMoving((state) => ({ ...state, open: false }));
            setJob({ open: true, started });
          }}
        />
      )}
      <BulkJobDialog
        started={job.started}
        open={job.open}
        onClose={() => setJob((state) => ({ ...state, open: false }))}
      />
      <DeleteServerDialog
        open={deleting.open}
        server={deleting.server}
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
        onDeleted={(server) => {
          snackbar(t('servers.manage.deleteSuccess', { name: server.server_name }));
          setDeleting((state) => ({ ...state, open: false }));
        }}
      />
    </>
  );
}
