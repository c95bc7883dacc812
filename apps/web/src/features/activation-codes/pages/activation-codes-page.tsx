import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  activationCodeStates,
  isAdminAccount,
  isLanguage,
  languages,
  type ActivationCode,
  type ActivationCodeState,
} from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { usePortalSettings } from '../../portal/hooks/use-portal';
import { activationCodesCsvUrl } from '../api/activation-codes-api';
import { CodeList } from '../components/code-list';
import { GenerateCodesDialog } from '../components/generate-codes-dialog';
import { PrintSheet } from '../components/print-sheet';
import { useActivationCodes, useVoidActivationCode } from '../hooks/use-activation-codes';
import { useHandoutLanguage } from '../hooks/use-handout-language';
import { languageOwnName } from '../../../i18n/language-names';

const PAGE_SIZES = [12, 24, 48, 96];

/**
 * A reseller's activation codes (every owner's for an admin): generate, filter by state or search,
 * copy, share or print one code, void an unused one for a refund, download the filter's CSV or print
 * the page's codes as a sheet.
 */
export function ActivationCodesPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const [state, setState] = useState<ActivationCodeState | undefined>('unused');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  const [generating, setGenerating] = useState(false);
  const [confirmVoid, setConfirmVoid] = useState<ActivationCode | null>(null);
  const codes = useActivationCodes({ ...paging, state, search });
  const voidCode = useVoidActivationCode();
  const items = codes.data?.items ?? [];
  // The portal's public address as the server knows it; this page's own address until it answers.
  const portal = usePortalSettings(true);
  const portalAddress = portal.data?.address ?? `${window.location.origin}/my`;
  // The codes the print sheet holds: one card ("print" on a code), else the page's codes.
  const [printOne, setPrintOne] = useState<ActivationCode | null>(null);
  const handout = useHandoutLanguage();
  useEffect(() => {
    // Once printed, the sheet holds the page's codes again (for the browser's own print command).
    const done = () => setPrintOne(null);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);
  const print = (code: ActivationCode | null) => {
    // The sheet must hold the asked codes before the browser lays the page out for printing.
    flushSync(() => setPrintOne(code));
    window.print();
  };

  const filter = (next: ActivationCodeState | undefined) => {
    setState(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  return (
    <>
      <PageHeading
        title={t('activationCodes.title')}
        description={t('activationCodes.subtitle')}
        action={
          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<FileDownloadOutlinedIcon />}
              component="a"
              href={activationCodesCsvUrl({ state, search })}
              download
              data-testid="codes-export"
            >
              {t('activationCodes.export')}
            </Button>
            <TextField
              select
              size="small"
              label={t('activationCodes.handoutLanguage')}
              value={handout.language}
              onChange={(event) => isLanguage(event.target.value) && handout.choose(event.target.value)}
              sx={{ minWidth: 170 }}
              slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'codes-handout-language' } }}
            >
              {languages.map((language) => (
                <option key={language} value={language}>
                  {languageOwnName(language)}
                </option>
              ))}
            </TextField>
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<PrintOutlinedIcon />}
              disabled={items.length === 0}
              onClick={() => print(null)}
              data-testid="codes-print"
            >
              {t('activationCodes.print')}
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setGenerating(true)}
              data-testid="codes-open-generate"
            >
              {t('activationCodes.generate.open')}
            </Button>
          </Stack>
        }
      />
      <Stack sx={{ gap: 2.5 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            label={t('activationCodes.state.all')}
            color={state === undefined ? 'primary' : 'default'}
            variant={state === undefined ? 'filled' : 'outlined'}
            onClick={() => filter(undefined)}
            data-testid="codes-filter-all"
          />
          {activationCodeStates.map((option) => (
            <Chip
              key={option}
              label={t(`activationCodes.state.${option}`)}
              color={state === option ? 'primary' : 'default'}
              variant={state === option ? 'filled' : 'outlined'}
              onClick={() => filter(option)}
              data-testid={`codes-filter-${option}`}
            />
          ))}
          <TextField
            size="small"
            label={t('activationCodes.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            sx={{ ml: { sm: 'auto' }, width: { xs: '100%', sm: 260 } }}
            slotProps={{ htmlInput: { 'data-testid': 'codes-search' } }}
          />
        </Box>
        {voidCode.isError && (
          <Alert severity="error" data-testid="codes-void-error">
            {errorMessage(voidCode.error)}
          </Alert>
        )}
        {codes.isError && <Alert severity="error">{errorMessage(codes.error)}</Alert>}
        {codes.isSuccess && items.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }} data-testid="codes-empty">
            {t('activationCodes.empty')}
          </Typography>
        ) : (
          <CodeList
            codes={items}
            showOwner={admin}
            portalAddress={portalAddress}
            handoutT={handout.t}
            voiding={voidCode.isPending ? (voidCode.variables ?? null) : null}
            onVoid={setConfirmVoid}
            onPrint={print}
          />
        )}
        <TablePagination
          component="div"
          count={codes.data?.total ?? 0}
          page={paging.page - 1}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, page) => setPaging((p) => ({ ...p, page: page + 1 }))}
          onRowsPerPageChange={(event) => setPaging({ page: 1, pageSize: Number(event.target.value) })}
          labelRowsPerPage={t('activationCodes.perPage')}
          // On a phone the page size gives way, and the pager wraps rather than running off screen
          // (German and Portuguese name its buttons at length).
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
            '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': {
              display: { xs: 'none', sm: 'inline-flex' },
            },
          }}
        />
      </Stack>

      <GenerateCodesDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onGenerated={() => {
          setGenerating(false);
          filter('unused');
        }}
      />
      <Dialog open={confirmVoid !== null} onClose={() => setConfirmVoid(null)} aria-labelledby="void-title">
        <DialogTitle id="void-title">{t('activationCodes.voidConfirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('activationCodes.voidConfirm.text', {
              code: confirmVoid?.code ?? '',
              count: confirmVoid?.charged ?? 0,
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={() => setConfirmVoid(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            data-testid="code-void-confirm"
            onClick={() => {
              if (confirmVoid) voidCode.mutate(confirmVoid.id);
              setConfirmVoid(null);
            }}
          >
            {t('activationCodes.list.void')}
          </Button>
        </DialogActions>
      </Dialog>
      <PrintSheet
        codes={printOne ? [printOne] : items}
        portalAddress={portalAddress}
        language={handout.language}
        t={handout.t}
      />
    </>
  );
}
