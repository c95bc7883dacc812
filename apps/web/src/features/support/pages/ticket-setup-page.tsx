import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TicketSetupStatus } from '@linedesk/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { useTicketSetupStatus } from '../hooks/use-ticket-setup-status';

type FactProps = { label: string; value: ReactNode; testId: string; data?: Record<`data-${string}`, string> };

function Fact({ label, value, testId, data }: FactProps) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="subtitle1" data-testid={testId} {...data} sx={{ wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Box>
  );
}

function SchemaCard({ status }: { status: TicketSetupStatus }) {
  const { t, i18n } = useTranslation();
  const [showMigrations, setShowMigrations] = useState(false);
  return (
    <Card>
      <CardContent>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          <Fact
            label={t('tickets.setup.database')}
            value={t(`tickets.setup.${status.database}`)}
            testId="setup-database"
          />
          <Fact
            label={t('tickets.setup.schemaVersion')}
            value={status.schema_version ?? t('tickets.setup.none')}
            testId="setup-schema-version"
          />
          <Fact
            label={t('tickets.setup.migrations')}
            value={
              <Link
                component="button"
                variant="subtitle1"
                onClick={() => setShowMigrations((open) => !open)}
                aria-expanded={showMigrations}
                data-testid="setup-migrations"
              >
                {status.migrations.count}
              </Link>
            }
            testId="setup-migrations-count"
          />
          <Fact
            label={t('tickets.setup.checkedAt')}
            value={formatDateTime(status.checked_at, i18n.resolvedLanguage)}
            testId="setup-checked-at"
            data={{ 'data-checked-at': status.checked_at }}
          />
        </Box>
        <Collapse in={showMigrations} unmountOnExit>
          <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
            {t('tickets.setup.migrationList')}
          </Typography>
          <Box
            component="ol"
            data-testid="setup-migration-list"
            sx={{ m: 0, pl: 3, columns: { sm: 2, md: 3 }, typography: 'body2', fontFamily: 'monospace' }}
          >
            {status.migrations.names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
}

function SelfTestCard({ status }: { status: TicketSetupStatus }) {
  const { t } = useTranslation();
  const { ok, steps } = status.self_test;
  return (
    <Card>
      <CardHeader title={t('tickets.setup.selfTest')} subheader={t('tickets.setup.selfTestHint')} />
      <CardContent>
        <Alert severity={ok ? 'success' : 'error'} sx={{ mb: 2 }} data-testid="setup-result" data-ok={ok}>
          {ok ? t('tickets.setup.allOk') : t('tickets.setup.someFailed')}
        </Alert>
        <Table size="small">
          <TableBody>
            {steps.map((step) => (
              <TableRow key={step.name} data-testid="setup-step" data-step={step.name} data-ok={step.ok}>
                <TableCell sx={{ width: 40, pr: 0 }}>
                  {step.ok ? (
                    <CheckCircleIcon color="success" fontSize="small" />
                  ) : (
                    <ErrorIcon color="error" fontSize="small" />
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{t(`tickets.setup.step.${step.name}`)}</Typography>
                  {step.error && (
                    <Typography
                      variant="caption"
                      sx={{ color: 'error.main', fontFamily: 'monospace', wordBreak: 'break-word' }}
                      data-testid="setup-step-error"
                    >
                      {step.error}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={step.ok ? 'success' : 'error'}
                    label={step.ok ? t('tickets.setup.ok') : t('tickets.setup.failed')}
                  />
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ whiteSpace: 'nowrap', width: 96, color: 'text.secondary' }}
                  data-testid="setup-step-duration"
                >
                  {t('tickets.setup.durationMs', { ms: step.duration_ms.toFixed(1) })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/**
 * The spec's /tickets/setup page, for admins: migrations run by themselves at start, so instead of
 * creating tables it reports what is applied and proves the ticket tables can be written and read.
 */
export function TicketSetupPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const status = useTicketSetupStatus();
  return (
    <>
      <PageHeading
        title={t('tickets.setup.title')}
        description={t('tickets.setup.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            onClick={() => void status.refetch()}
            loading={status.isFetching}
            data-testid="setup-run-again"
          >
            {t('tickets.setup.runAgain')}
          </Button>
        }
      />
      {status.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(status.error)}
        </Alert>
      )}
      {status.isPending && (
        <Stack sx={{ gap: 3 }}>
          <Skeleton variant="rounded" height={112} />
          <Skeleton variant="rounded" height={280} />
        </Stack>
      )}
      {status.data && (
        <Stack sx={{ gap: 3 }}>
          <SchemaCard status={status.data} />
          <SelfTestCard status={status.data} />
        </Stack>
      )}
    </>
  );
}
