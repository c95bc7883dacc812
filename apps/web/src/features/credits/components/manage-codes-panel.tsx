import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import type { CreatedRedeemCode, RedeemCode } from '@linedesk/shared';
import { useCallback, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useDeleteRedeemCode, useRedeemCodes, useUpdateRedeemCode } from '../hooks/use-redeem';
import { CreateCodesDialog } from './create-codes-dialog';
import { CreatedCodesDialog } from './created-codes-dialog';
import type { Paging } from '../../../components/paged-data-grid';
import { RedeemCodesGrid } from './redeem-codes-grid';

type Deleting = { open: boolean; code: RedeemCode | null };

/** Admins' tab on /redeem-code: create codes (shown once), list them, deactivate, delete. */
export function ManageCodesPanel() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize: 25 });
  const codes = useRedeemCodes({ page: paging.page + 1, pageSize: paging.pageSize });
  const update = useUpdateRedeemCode();
  const remove = useDeleteRedeemCode();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ open: boolean; codes: CreatedRedeemCode[] }>({
    open: false,
    codes: [],
  });
  const [deleting, setDeleting] = useState<Deleting>({ open: false, code: null });
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  const toggleActive = useCallback(
    (code: RedeemCode) => {
      setBusy((ids) => new Set(ids).add(code.id));
      update.mutate(
        { id: code.id, body: { is_active: !code.is_active } },
        {
          onSuccess: (saved) =>
            snackbar(
              t(saved.is_active ? 'credits.codes.activated' : 'credits.codes.deactivated', {
                code: saved.code_hint,
              }),
            ),
          onError: (error) => snackbar(errorMessage(error), 'error'),
          onSettled: () =>
            setBusy((ids) => {
              const next = new Set(ids);
              next.delete(code.id);
              return next;
            }),
        },
      );
    },
    [update, snackbar, t, errorMessage],
  );
  const askDelete = useCallback((code: RedeemCode) => setDeleting({ open: true, code }), []);

  const total = codes.data?.total ?? 0;
  // Deleting the last row of the last page would otherwise leave an empty page behind.
  if (codes.data && paging.page > 0 && codes.data.items.length === 0 && total > 0) {
    setPaging((state) => ({ ...state, page: Math.max(0, Math.ceil(total / state.pageSize) - 1) }));
  }

  return (
    <>
      <Card>
        <CardHeader
          title={t('credits.codes.title')}
          subheader={t('credits.codes.subtitle')}
          action={
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setCreating(true)}
              data-testid="codes-create-button"
            >
              {t('credits.codes.create')}
            </Button>
          }
          sx={{ mb: 2 }}
        />
        <Box>
          <RedeemCodesGrid
            codes={codes.data?.items ?? []}
            total={total}
            paging={paging}
            onPagingChange={setPaging}
            loading={codes.isFetching && !codes.data}
            noRowsText={codes.isError ? errorMessage(codes.error) : t('credits.codes.empty')}
            busy={busy}
            onToggleActive={toggleActive}
            onDelete={askDelete}
          />
        </Box>
      </Card>

      <CreateCodesDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(items) => {
          setCreating(false);
          setCreated({ open: true, codes: items });
        }}
      />
      <CreatedCodesDialog
        open={created.open}
        codes={created.codes}
        onClose={() => setCreated((state) => ({ ...state, open: false }))}
      />
      <DeleteDialog
        open={deleting.open}
        item={deleting.code}
        idOf={(code) => code.id}
        title={t('credits.codes.deleteTitle')}
        message={
          <Trans
            i18nKey="credits.codes.deleteConfirm"
            values={{ code: deleting.code?.code_hint ?? '' }}
            components={{ strong: <strong /> }}
          />
        }
        mutation={remove}
        errorText={errorMessage}
        errorTestId="code-delete-error"
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
        onDeleted={(code) => {
          snackbar(t('credits.codes.deleted', { code: code.code_hint }));
          setDeleting((state) => ({ ...state, open: false }));
        }}
      />
    </>
  );
}
