import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPrice, type CreditPackage } from '@linedesk/shared';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog';
import { RowEditDeleteActions } from '../../../components/row-edit-delete-actions';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useAllCreditPackages, useDeleteCreditPackage } from '../hooks/use-pricing';
import { PackageFormDialog } from './package-form-dialog';

type DialogState = { open: boolean; pack: CreditPackage | null };
const closed: DialogState = { open: false, pack: null };

/** Admins: the credit packages, inactive ones included. */
export function PackagesEditor() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const packages = useAllCreditPackages(true);
  const remove = useDeleteCreditPackage();
  const [form, setForm] = useState<DialogState>(closed);
  const [deleting, setDeleting] = useState<DialogState>(closed);
  const language = i18n.resolvedLanguage;

  return (
    <>
      <Card>
        <CardHeader
          title={t('credits.packages.title')}
          subheader={t('credits.packages.subtitle')}
          action={
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setForm({ open: true, pack: null })}
              data-testid="package-create-button"
            >
              {t('credits.packages.create')}
            </Button>
          }
          sx={{ mb: 2 }}
        />
        {packages.isPending && (
          <Stack sx={{ p: 3, gap: 1.5 }}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={48} />
            ))}
          </Stack>
        )}
        {packages.isError && (
          <Alert severity="error" sx={{ m: 3 }}>
            {errorMessage(packages.error)}
          </Alert>
        )}
        {packages.data && packages.data.length === 0 && (
          <Typography
            sx={{ p: 3, color: 'text.secondary', textAlign: 'center' }}
            data-testid="packages-empty"
          >
            {t('credits.packages.empty')}
          </Typography>
        )}
        {packages.data && packages.data.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table sx={{ minWidth: 720 }} aria-label={t('credits.packages.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('credits.packages.name')}</TableCell>
                  <TableCell align="right">{t('credits.packages.credits')}</TableCell>
                  <TableCell align="right">{t('credits.packages.price')}</TableCell>
                  <TableCell>{t('credits.packages.state')}</TableCell>
                  <TableCell align="right">{t('credits.packages.sortOrder')}</TableCell>
                  <TableCell align="right">
                    <Box
                      component="span"
                      sx={{
                        position: 'absolute',
                        width: 1,
                        height: 1,
                        overflow: 'hidden',
                        clip: 'rect(0 0 0 0)',
                      }}
                    >
                      {t('common.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {packages.data.map((pack) => (
                  <TableRow key={pack.id} hover data-testid="package-row" data-package-id={pack.id}>
                    <TableCell>
                      <Typography variant="subtitle2" data-testid="package-name">
                        {pack.name}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatNumber(pack.credits, language)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatPrice(pack.price_cents, pack.currency, language)}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={pack.is_active ? 'success' : 'default'}
                          label={
                            pack.is_active ? t('credits.packages.active') : t('credits.packages.inactive')
                          }
                        />
                        {pack.highlight && (
                          <Chip
                            size="small"
                            color="primary"
                            variant="outlined"
                            label={t('credits.pricing.popular')}
                          />
                        )}
                      </Box>
                    </TableCell>
                    <TableCell align="right">{pack.sort_order}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RowEditDeleteActions
                        onEdit={() => setForm({ open: true, pack })}
                        onDelete={() => setDeleting({ open: true, pack })}
                        editLabel={t('credits.packages.editNamed', { name: pack.name })}
                        deleteLabel={t('credits.packages.deleteNamed', { name: pack.name })}
                        testIdPrefix="package"
                        size="small"
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <PackageFormDialog
        open={form.open}
        pack={form.pack}
        onClose={() => setForm((state) => ({ ...state, open: false }))}
        onSaved={(pack) => {
          snackbar(
            t(form.pack ? 'credits.packages.updated' : 'credits.packages.created', { name: pack.name }),
          );
          setForm((state) => ({ ...state, open: false }));
        }}
      />
      <DeleteDialog
        open={deleting.open}
        item={deleting.pack}
        idOf={(pack) => pack.id}
        title={t('credits.packages.deleteTitle')}
        message={
          <Trans
            i18nKey="credits.packages.deleteConfirm"
            values={{ name: deleting.pack?.name ?? '' }}
            components={{ strong: <strong /> }}
          />
        }
        mutation={remove}
        errorText={errorMessage}
        errorTestId="package-delete-error"
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
        onDeleted={(pack) => {
          snackbar(t('credits.packages.deleted', { name: pack.name }));
          setDeleting((state) => ({ ...state, open: false }));
        }}
      />
    </>
  );
}
