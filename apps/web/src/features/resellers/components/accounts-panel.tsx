import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ManagedAccount } from '@linedesk/shared';
import { useCallback, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useAccount } from '../../auth/hooks/account-context';
import type { Paging } from '../../../components/paged-data-grid';
import {
  useAccounts,
  useEndAccountSessions,
  useResendConfirmation,
  useUpdateAccount,
  type CreditAction,
} from '../hooks/use-accounts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import type { AccountAction, AccountsView } from '../lib/account-actions';
import { AccountEditDialog, type AccountEditMode } from './account-edit-dialog';
import { AccountsGrid } from './accounts-grid';
import { CreditsDialog } from './credits-dialog';
import { LedgerDialog } from './ledger-dialog';
import { StaffDialog } from './staff-dialog';
import { TermsDialog } from './terms-dialog';

// The account stays set while a dialog closes, so its text does not change mid-animation.
type Open<K extends string> = { open: boolean; kind: K; account: ManagedAccount | null };
const creditActions: ReadonlySet<AccountAction> = new Set(['add', 'set', 'transfer']);

type AccountsPanelProps = { actions: AccountAction[]; showOwner: boolean; view: AccountsView };

/** The account list with search, paging and every row action's dialog. */
export function AccountsPanel({ actions, showOwner, view }: AccountsPanelProps) {
  const { t, i18n } = useTranslation();
  const me = useAccount();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize: 25 });
  const [search, setSearch] = useState('');
  const deferredSearch = useDebouncedValue(search.trim());
  const accounts = useAccounts({
    page: paging.page + 1,
    pageSize: paging.pageSize,
    search: deferredSearch || undefined,
  });

  const [credits, setCredits] = useState<Open<CreditAction>>({ open: false, kind: 'add', account: null });
  const [edit, setEdit] = useState<Open<AccountEditMode>>({ open: false, kind: 'edit', account: null });
  const [confirm, setConfirm] = useState<Open<'ban' | 'sessions'>>({
    open: false,
    kind: 'ban',
    account: null,
  });
  const [ledger, setLedger] = useState<Open<'ledger'>>({ open: false, kind: 'ledger', account: null });
  const [terms, setTerms] = useState<ManagedAccount | null>(null);
  const [staff, setStaff] = useState<ManagedAccount | null>(null);
  const update = useUpdateAccount();
  const endSessions = useEndAccountSessions();
  // `mutate` keeps its identity, so the row menus are not rebuilt on every render.
  const { mutate: resendConfirmation } = useResendConfirmation();

  const onAction = useCallback(
    (action: AccountAction, account: ManagedAccount) => {
      if (action === 'resend') {
        resendConfirmation(account.id, {
          onSuccess: (result) =>
            snackbar(
              t(
                result.sent === 'invite'
                  ? 'resellers.resend.inviteSent'
                  : 'resellers.resend.confirmationSent',
                {
                  email: account.email,
                },
              ),
            ),
          onError: (error) => snackbar(errorMessage(error), 'error'),
        });
      } else if (creditActions.has(action)) setCredits({ open: true, kind: action as CreditAction, account });
      else if (action === 'edit' || action === 'group') setEdit({ open: true, kind: action, account });
      else if (action === 'ban' || action === 'sessions') setConfirm({ open: true, kind: action, account });
      else if (action === 'terms') setTerms(account);
      else if (action === 'staff') setStaff(account);
      else setLedger({ open: true, kind: 'ledger', account });
    },
    [resendConfirmation, snackbar, t, errorMessage],
  );

  const closeConfirm = () => {
    update.reset();
    endSessions.reset();
    setConfirm((state) => ({ ...state, open: false }));
  };

  const runConfirm = () => {
    const account = confirm.account;
    if (!account) return;
    if (confirm.kind === 'ban') {
      update.mutate(
        { id: account.id, body: { banned: !account.banned } },
        {
          onSuccess: () => {
            snackbar(
              t(account.banned ? 'resellers.ban.unbanned' : 'resellers.ban.banned', { email: account.email }),
            );
            closeConfirm();
          },
          onError: (error) => snackbar(errorMessage(error), 'error'),
        },
      );
    } else {
      endSessions.mutate(account.id, {
        onSuccess: (result) => {
          snackbar(t('resellers.sessions.ended', { ended: result.ended, email: account.email }));
          closeConfirm();
        },
        onError: (error) => snackbar(errorMessage(error), 'error'),
      });
    }
  };

  const total = accounts.data?.total ?? 0;
  const target = confirm.account;
  const banning = confirm.kind === 'ban' && !target?.banned;

  return (
    <>
      <Card>
        <Box sx={{ p: 2.5 }}>
          <TextField
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPaging((state) => ({ ...state, page: 0 }));
            }}
            placeholder={t('resellers.search')}
            size="small"
            sx={{ width: { xs: 1, sm: 320 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'accounts-search', 'aria-label': t('resellers.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon sx={{ color: 'text.disabled' }} />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Box>
        <AccountsGrid
          accounts={accounts.data?.items ?? []}
          total={total}
          paging={paging}
          onPagingChange={setPaging}
          loading={accounts.isFetching && !accounts.data}
          showOwner={showOwner}
          view={view}
          actions={actions}
          onAction={onAction}
          noRowsText={
            accounts.isError
              ? errorMessage(accounts.error)
              : deferredSearch
                ? t('resellers.noMatch')
                : t('resellers.empty')
          }
        />
      </Card>

      <CreditsDialog
        open={credits.open}
        action={credits.kind}
        account={credits.account}
        ownCredits={me.credits}
        onClose={() => setCredits((state) => ({ ...state, open: false }))}
        onDone={(result, account) => {
          snackbar(
            t(`resellers.credits.${credits.kind}Done`, {
              email: account.email,
              credits: formatNumber(result.credits, i18n.resolvedLanguage),
            }),
          );
          setCredits((state) => ({ ...state, open: false }));
        }}
      />
      <AccountEditDialog
        open={edit.open}
        mode={edit.kind}
        account={edit.account}
        onClose={() => setEdit((state) => ({ ...state, open: false }))}
        onSaved={(account) => {
          snackbar(t('resellers.edit.saved', { email: account.email }));
          setEdit((state) => ({ ...state, open: false }));
        }}
      />
      <TermsDialog account={terms} onClose={() => setTerms(null)} />
      <StaffDialog account={staff} onClose={() => setStaff(null)} />
      <LedgerDialog
        open={ledger.open}
        account={ledger.account}
        onClose={() => setLedger((state) => ({ ...state, open: false }))}
      />
      <ConfirmDialog
        open={confirm.open}
        title={
          confirm.kind === 'sessions'
            ? t('resellers.sessions.title')
            : banning
              ? t('resellers.ban.banTitle')
              : t('resellers.ban.unbanTitle')
        }
        content={
          <Trans
            i18nKey={
              confirm.kind === 'sessions'
                ? 'resellers.sessions.confirm'
                : banning
                  ? 'resellers.ban.banConfirm'
                  : 'resellers.ban.unbanConfirm'
            }
            values={{ email: target?.email ?? '' }}
            components={{ strong: <strong /> }}
          />
        }
        confirmLabel={
          confirm.kind === 'sessions'
            ? t('resellers.sessions.submit')
            : banning
              ? t('resellers.actions.ban')
              : t('resellers.actions.unban')
        }
        color={confirm.kind === 'ban' && !banning ? 'primary' : 'error'}
        loading={update.isPending || endSessions.isPending}
        onConfirm={runConfirm}
        onClose={closeConfirm}
      />
    </>
  );
}
