import type { AuditEntry } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import type { GridPage } from '../../../components/paged-data-grid';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsivePagedGrid } from '../../../components/responsive-list/responsive-paged-grid';
import { AuditChanges } from './audit-changes';

type AuditGridProps = GridPage & {
  entries: AuditEntry[];
};

export function AuditGrid({ entries, ...page }: AuditGridProps) {
  const { t, i18n } = useTranslation();
  // The minimum widths add up to less than a 1280 px screen's content (about 905 px), so the IP
  // address is never pushed off screen on a laptop; the flexible columns share what is left.
  const columns = useMemo<ListColumn<AuditEntry>[]>(
    () => [
      {
        field: 'created_at',
        headerName: t('audit.columns.time'),
        card: 'primary',
        grid: { minWidth: 140 },
        render: (row) => (
          <span data-testid="audit-time">{formatDateTime(row.created_at, i18n.resolvedLanguage)}</span>
        ),
      },
      {
        field: 'action',
        headerName: t('audit.columns.action'),
        card: 'secondary',
        grid: { minWidth: 140 },
        render: (row) => (
          <span data-testid="audit-action" data-action={row.action}>
            {t(`audit.actions.${row.action}`)}
          </span>
        ),
      },
      {
        field: 'actor_email',
        headerName: t('audit.columns.actor'),
        grid: { minWidth: 140, flex: 1 },
        render: (row) => <span data-testid="audit-actor">{row.actor_email ?? '—'}</span>,
      },
      {
        field: 'target_email',
        headerName: t('audit.columns.target'),
        grid: { minWidth: 140, flex: 1 },
        render: (row) => (
          <span data-testid="audit-target">
            {row.target_email ??
              (row.entity_type ? `${t(`audit.entities.${row.entity_type}`)} ${row.entity_id ?? ''}` : '—')}
          </span>
        ),
      },
      {
        field: 'changes',
        headerName: t('audit.columns.changes'),
        grid: { minWidth: 200, flex: 2 },
        render: (row) => <AuditChanges entry={row} />,
      },
      {
        field: 'ip',
        headerName: t('audit.columns.ip'),
        grid: { minWidth: 120 },
        render: (row) => <span data-testid="audit-ip">{row.ip ?? '—'}</span>,
      },
    ],
    [t, i18n.resolvedLanguage],
  );
  return (
    <ResponsivePagedGrid<AuditEntry>
      {...page}
      rows={entries}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('audit.title')}
      testId="audit-grid"
      rowTestId="audit-row"
      noRowsText={t('audit.empty')}
    />
  );
}
