import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import {
  isAdminAccount,
  messageScopes,
  type Message,
  type MessageFilter,
  type MessageScope,
} from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListPagination } from '../../../components/list-pagination';
import { DeleteDialog } from '../../../components/delete-dialog';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { QueryStates } from '../../../components/query-states';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { keepPageInRange, usePaging } from '../../../hooks/use-paging';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { MessageListItem } from '../components/message-list-item';
import {
  useDeleteMessage,
  useMarkAllMessagesRead,
  useMarkMessageRead,
  useMessages,
} from '../hooks/use-messages';

type DialogState = { open: boolean; message: Message | null };
const closed: DialogState = { open: false, message: null };

export function MessagesPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const [filter, setFilter] = useState<MessageFilter>('all');
  const [scope, setScope] = useState<MessageScope>('all');
  const paging = usePaging();
  const [deleting, setDeleting] = useState<DialogState>(closed);
  const messages = useMessages({
    filter,
    scope: admin ? scope : undefined,
    page: paging.page + 1,
    page_size: paging.pageSize,
  });
  const markRead = useMarkMessageRead();
  const markAllRead = useMarkAllMessagesRead();
  const deleteMessage = useDeleteMessage();

  const total = keepPageInRange(paging, messages.data);
  const unread = messages.data?.unread ?? 0;

  const own = (message: Message) => message.is_global || message.recipient_id === account.id;
  const onMarkRead = (message: Message) =>
    markRead.mutate(message.id, { onError: (error) => snackbar(errorMessage(error), 'error') });
  const onMarkAllRead = () =>
    markAllRead.mutate(undefined, {
      onSuccess: () => snackbar(t('messages.markedAllRead')),
      onError: (error) => snackbar(errorMessage(error), 'error'),
    });

  return (
    <>
      <PageHeading
        title={t('messages.title')}
        description={t('messages.subtitle')}
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<DoneAllIcon />}
              onClick={onMarkAllRead}
              disabled={unread === 0}
              loading={markAllRead.isPending}
              data-testid="messages-mark-all-read"
            >
              {t('messages.markAllRead')}
            </Button>
            {admin && (
              <Button
                variant="contained"
                startIcon={<EditNoteOutlinedIcon />}
                component={RouterLink}
                to={paths.messagesCreate}
                data-testid="messages-create-button"
              >
                {t('messages.create.title')}
              </Button>
            )}
          </Stack>
        }
      />
      <Card>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{
            alignItems: { sm: 'center' },
            gap: 2,
            px: 2.5,
            pt: 1,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Tabs
            value={filter}
            onChange={(_event, value: MessageFilter) => {
              setFilter(value);
              paging.setPage(0);
            }}
            sx={{ flexGrow: 1 }}
          >
            <Tab value="all" label={t('messages.filter.all')} data-testid="messages-filter-all" />
            <Tab
              value="unread"
              label={t('messages.filter.unread', { count: unread })}
              data-testid="messages-filter-unread"
            />
          </Tabs>
          {admin && (
            <TextField
              select
              size="small"
              label={t('messages.scope.label')}
              value={scope}
              onChange={(event) => {
                setScope(event.target.value as MessageScope);
                paging.setPage(0);
              }}
              sx={{ minWidth: 200, mb: { xs: 2, sm: 1 } }}
              slotProps={{ htmlInput: { 'data-testid': 'messages-scope' } }}
            >
              {messageScopes.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`messages.scope.${value}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
        <QueryStates
          query={messages}
          loading={<ListSkeleton rowHeight={72} />}
          errorSx={{ m: 3 }}
          isEmpty={() => total === 0}
          empty={
            <EmptyState
              icon={MarkEmailReadOutlinedIcon}
              title={filter === 'unread' ? t('messages.emptyUnread') : t('messages.empty')}
              testId="messages-empty"
            />
          }
        >
          {(data) => (
            <>
              <Box component="ul" sx={{ m: 0, p: 0 }} data-testid="messages-list">
                {data.items.map((message) => (
                  <MessageListItem
                    key={message.id}
                    message={message}
                    own={own(message)}
                    canDelete={admin}
                    marking={markRead.isPending && markRead.variables === message.id}
                    onMarkRead={onMarkRead}
                    onDelete={(item) => setDeleting({ open: true, message: item })}
                  />
                ))}
              </Box>
              <ListPagination total={total} paging={paging} rowsPerPageLabel={t('messages.rowsPerPage')} />
            </>
          )}
        </QueryStates>
      </Card>
      <DeleteDialog
        open={deleting.open}
        item={deleting.message}
        idOf={(message) => message.id}
        title={t('messages.delete.title')}
        message={t('messages.delete.text', { title: deleting.message?.title ?? '' })}
        mutation={deleteMessage}
        errorText={errorMessage}
        errorTestId="message-delete-error"
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
        onDeleted={() => {
          snackbar(t('messages.delete.success'));
          setDeleting((state) => ({ ...state, open: false }));
        }}
      />
    </>
  );
}
