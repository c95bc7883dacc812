import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreatedRedeemCode } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { formatDate } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { codesToCsv, codesToText, csvFileName } from '../lib/codes-csv';

type CreatedCodesDialogProps = { open: boolean; codes: CreatedRedeemCode[]; onClose: () => void };

function download(fileName: string, body: string) {
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click starts the download synchronously; the object URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The new codes in full. The server keeps only their hashes, so this is the one chance to copy them;
 * closing asks nothing more, the warning says so up front.
 */
export function CreatedCodesDialog({ open, codes, onClose }: CreatedCodesDialogProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const first = codes[0];

  const copyAll = async () => {
    try {
      await navigator.clipboard.writeText(codesToText(codes));
      snackbar(t('credits.codes.copied', { total: codes.length }));
    } catch {
      snackbar(t('credits.codes.copyFailed'), 'error');
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="created-codes-title">
      <DialogTitle id="created-codes-title">
        {t('credits.codes.createdTitle', { total: codes.length })}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Alert severity="warning" data-testid="created-codes-warning">
            {t('credits.codes.shownOnce')}
          </Alert>
          {first && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('credits.codes.createdSummary', {
                credits: formatNumber(first.credits, i18n.resolvedLanguage),
                maxUses: first.max_uses,
              })}
              {first.expires_at &&
                ` · ${t('credits.codes.expiresShort', { date: formatDate(first.expires_at, i18n.resolvedLanguage) })}`}
            </Typography>
          )}
          <Box
            component="ol"
            data-testid="created-codes"
            sx={{
              m: 0,
              p: 1.5,
              pl: 5.5,
              maxHeight: 320,
              overflow: 'auto',
              borderRadius: 1.5,
              bgcolor: 'background.neutral',
              fontFamily: 'monospace',
              fontSize: 15,
              lineHeight: 1.9,
              userSelect: 'all',
            }}
          >
            {codes.map((code) => (
              <li key={code.id} data-testid="created-code">
                {code.code}
              </li>
            ))}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copyAll()}
          data-testid="codes-copy-all"
        >
          {t('credits.codes.copyAll')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => download(csvFileName(new Date()), codesToCsv(codes))}
          data-testid="codes-download-csv"
        >
          {t('credits.codes.downloadCsv')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={onClose} data-testid="created-codes-done">
          {t('credits.codes.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
