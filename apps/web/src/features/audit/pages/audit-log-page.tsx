import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { auditActions, type AuditAction } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useErrorMessage } from '../../../i18n/use-error-message';
import type { Paging } from '../../../components/paged-data-grid';
import { auditExportUrl, emptyAuditFilters, type AuditFilters } from '../api/audit-api';
import { AuditGrid } from '../components/audit-grid';
import { useAuditLog } from '../hooks/use-audit-log';
import { DateField } from '../../../components/form/date-field';

/**
 * Who changed what: admins see every administrative action, a reseller those about its own
 * sub-accounts (the server decides which entries a caller gets).
 */
export function AuditLogPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [filters, setFilters] = useState<AuditFilters>(emptyAuditFilters);
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize: 25 });
  const settled = useDebouncedValue(filters);
  const log = useAuditLog({ ...settled, page: paging.page + 1, pageSize: paging.pageSize });

  const change = (field: keyof AuditFilters) => (event: { target: { value: string } }) => {
    setFilters((current) => ({ ...current, [field]: event.target.value }));
    setPaging((current) => ({ ...current, page: 0 }));
  };

  return (
    <>
      <title>{`${t('audit.title')} | Linedesk`}</title>
      <PageHeading
        title={t('audit.title')}
        description={t('audit.description')}
        action={
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<FileDownloadOutlinedIcon />}
            component="a"
            href={auditExportUrl(settled)}
            download
            data-testid="audit-export"
          >
            {t('audit.export')}
          </Button>
        }
      />
      <Card>
        <Box
          component="form"
          role="search"
          aria-label={t('audit.filters')}
          onSubmit={(event) => event.preventDefault()}
          sx={{
            p: 2.5,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '2fr 2fr 2fr 1fr 1fr' },
          }}
        >
          <TextField
            label={t('audit.filterActor')}
            value={filters.actor}
            onChange={change('actor')}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-actor' } }}
          />
          <TextField
            label={t('audit.filterTarget')}
            value={filters.target}
            onChange={change('target')}
            slotProps={{ htmlInput: { 'data-testid': 'audit-filter-target' } }}
          />
          <TextField
            select
            label={t('audit.filterAction')}
            value={filters.action}
            onChange={change('action')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'audit-filter-action' } as object } }}
          >
            <MenuItem value="">{t('audit.allActions')}</MenuItem>
            {auditActions.map((action: AuditAction) => (
              <MenuItem key={action} value={action} data-testid={`audit-action-option-${action}`}>
                {t(`audit.actions.${action}`)}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            label={t('audit.filterFrom')}
            value={filters.from}
            onChange={(value) => change('from')({ target: { value } })}
            testId="audit-filter-from"
          />
          <DateField
            label={t('audit.filterTo')}
            value={filters.to}
            onChange={(value) => change('to')({ target: { value } })}
            testId="audit-filter-to"
          />
        </Box>
        {log.isError && (
          <Alert severity="error" sx={{ mx: 2.5, mb: 2 }} data-testid="audit-error">
            {errorMessage(log.error)}
          </Alert>
        )}
        <AuditGrid
          entries={log.data?.items ?? []}
          total={log.data?.total ?? 0}
          paging={paging}
          onPagingChange={setPaging}
          loading={log.isFetching}
        />
      </Card>
    </>
  );
}
