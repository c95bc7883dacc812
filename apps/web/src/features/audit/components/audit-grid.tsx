import type { GridColDef } from '@mui/x-data-grid';
import type { AuditEntry } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { PagedDataGrid, type GridPage } from '../../../components/paged-data-grid';
import { AuditChanges } from './audit-changes';

type AuditGridProps = GridPage & {
  entries: AuditEntry[];
};

export function AuditGrid({ entries, ...page }: AuditGridProps) {
  const { t, i18n } = useTranslation();
  // The minimum widths add up to less than a 1440 px screen's content (about 1,065 px), so the IP
  // address is never pushed off screen; the flexible columns share what is left.
  const columns = useMemo<GridColDef<AuditEntry>[]>(
    () => [
      {
        field: 'created_at',
        headerName: t('audit.columns.time'),
        minWidth: 150,
        valueFormatter: (value: string) => formatDateTime(value, i18n.resolvedLanguage),
      },
      {
        field: 'action',
        headerName: t('audit.columns.action'),
        minWidth: 150,
        renderCell: ({ row }) => (
          <span data-testid="audit-action" data-action={row.action}>
            {t(`audit.actions.${row.action}`)}
          </span>
        ),
      },
      {
        field: 'actor_email',
        headerName: t('audit.columns.actor'),
        minWidth: 150,
        flex: 1,
        renderCell: ({ row }) => <span data-testid="audit-actor">{row.actor_email ?? '—'}</span>,
      },
      {
        field: 'target_email',
        headerName: t('audit.columns.target'),
        minWidth: 150,
        flex: 1,
        renderCell: ({ row }) => (
          <span data-testid="audit-target">
            {row.target_email ??
              (row.entity_type ? `${t(`audit.entities.${row.entity_type}`)} ${row.entity_id ?? ''}` : '—')}
          </span>
        ),
      },
      {
        field: 'changes',
        headerName: t('audit.columns.changes'),
        minWidth: 220,
        flex: 2,
        sortable: false,
        renderCell: ({ row }) => <AuditChanges entry={row} />,
      },
      {
        field: 'ip',
        headerName: t('audit.columns.ip'),
        minWidth: 120,
        valueFormatter: (value: string | null) => value ?? '—',
      },
    ],
    [t, i18n.resolvedLanguage],
  );
  return (
    <PagedDataGrid<AuditEntry>
      {...page}
      rows={entries}
      columns={columns}
      label={t('audit.title')}
      testId="audit-grid"
      rowTestId="audit-row"
      noRowsText={t('audit.empty')}
    />
  );
}
