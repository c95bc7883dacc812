import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { copyText } from '../../../lib/copy-text';

type CopyValueButtonProps = { value: string; label: string; testId: string };

/** Copies one value (an IBAN, a wallet address, our reference) in one tap, and says so. */
export function CopyValueButton({ value, label, testId }: CopyValueButtonProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const title = t('payments.copy.copy', { label });
  return (
    <Tooltip title={title}>
      <IconButton
        size="small"
        aria-label={title}
        onClick={async () => {
          const copied = await copyText(value);
          snackbar(t(copied ? 'payments.copy.copied' : 'payments.copy.failed'), copied ? 'success' : 'error');
        }}
        data-testid={testId}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
