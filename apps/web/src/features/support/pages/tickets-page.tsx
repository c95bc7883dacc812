import AddIcon from '@mui/icons-material/Add';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import { actsAsAdmin } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { QueryStates } from '../../../components/query-states';
import { keepPageInRange, usePaging } from '../../../hooks/use-paging';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { TicketFilters, type TicketFilterValues } from '../components/ticket-filters';
import { TicketsTable } from '../components/tickets-table';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useTickets } from '../hooks/use-tickets';

/** /tickets and /support/tickets: users see their own tickets, admins every ticket. */
export function TicketsPage() {
  const { t } = useTranslation();
  // A support member's list is the admin's (of its scope, when scoped).
  const admin = actsAsAdmin(useAccount(), 'GET /api/tickets');
  const [filters, setFilters] = useState<TicketFilterValues>({ search: '' });
  const paging = usePaging();
  const search = useDebouncedValue(filters.search.trim());
  const tickets = useTickets({
    page: paging.page + 1,
    pageSize: paging.pageSize,
    status: filters.status,
    priority: filters.priority,
    category: filters.category,
    search: search || undefined,
  });

  const total = keepPageInRange(paging, tickets.data);
  const filtered = Boolean(filters.status || filters.priority || filters.category || search);

  return (
    <>
      <PageHeading
        title={t('tickets.list.title')}
        description={admin ? t('tickets.list.subtitleAdmin') : t('tickets.list.subtitleUser')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={paths.ticketsNew}
            data-testid="ticket-new-button"
          >
            {t('tickets.list.newTicket')}
          </Button>
        }
      />
      <Card>
        <TicketFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            paging.setPage(0);
          }}
        />
        <Divider sx={{ borderStyle: 'dashed' }} />
        <QueryStates
          query={tickets}
          loading={<ListSkeleton />}
          errorSx={{ m: 3 }}
          isEmpty={() => total === 0}
          empty={
            <EmptyState
              icon={ConfirmationNumberOutlinedIcon}
              title={filtered ? t('tickets.list.noMatchTitle') : t('tickets.list.emptyTitle')}
              text={filtered ? t('tickets.list.noMatchText') : t('tickets.list.emptyText')}
              testId="tickets-empty"
            />
          }
        >
          {(data) => (
            <>
              <TicketsTable tickets={data.items} showOwner={admin} />
              <ListPagination total={total} paging={paging} />
            </>
          )}
        </QueryStates>
      </Card>
    </>
  );
}
