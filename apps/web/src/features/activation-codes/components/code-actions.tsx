import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatActivationCode, type ActivationCode } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { copyText } from '../../../lib/copy-text';
import { codeShareMessage, portalActivationUrl } from '../lib/code-handout';

type CodeActionsProps = {
  code: ActivationCode;
  portalAddress: string;
  /** The texts in the customer's language, for the shared message. */
  handoutT: TFunction;
  voiding: boolean;
  voidDisabled: boolean;
  onVoid: () => void;
  onPrint: () => void;
};

/** Share a message where the browser can (a phone's share sheet); elsewhere it is copied. */
async function shareOrCopy(text: string, url: string): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  const data = { text, url };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture, not allowed here): the copy below still gets it out.
    }
  }
  return (await copyText(text)) ? 'copied' : 'failed';
}

/**
 * What a reseller does with a code: copy it (one tap), share a ready message with the portal's address,
 * print it as a card of its own; an unused one can also be voided and refunded, set apart as the one
 * action that cannot be undone.
 */
export function CodeActions({
  code,
  portalAddress,
  handoutT,
  voiding,
  voidDisabled,
  onVoid,
  onPrint,
}: CodeActionsProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const shown = formatActivationCode(code.code);
  const unused = code.state === 'unused';

  const copy = async () => {
    if (await copyText(shown)) snackbar(t('activationCodes.actions.copied', { code: shown }));
    else snackbar(t('activationCodes.actions.copyFailed'), 'error');
  };
  const share = async () => {
    const outcome = await shareOrCopy(
      codeShareMessage(handoutT, portalAddress, shown),
      portalActivationUrl(portalAddress, shown),
    );
    if (outcome === 'copied') snackbar(t('activationCodes.actions.messageCopied'));
    if (outcome === 'failed') snackbar(t('activationCodes.actions.copyFailed'), 'error');
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        aria-label={t('activationCodes.actions.copyCode', { code: shown })}
        data-testid="code-copy"
      >
        {t('activationCodes.actions.copy')}
      </Button>
      {unused && (
        <>
          <Button
            size="small"
            color="inherit"
            startIcon={<ShareOutlinedIcon />}
            onClick={() => void share()}
            aria-label={t('activationCodes.actions.shareCode', { code: shown })}
            data-testid="code-share"
          >
            {t('activationCodes.actions.share')}
          </Button>
          <Button
            size="small"
            color="inherit"
            startIcon={<PrintOutlinedIcon />}
            onClick={onPrint}
            aria-label={t('activationCodes.actions.printCode', { code: shown })}
            data-testid="code-print"
          >
            {t('activationCodes.actions.print')}
          </Button>
          {/* Apart from the everyday actions, and confirmed before anything happens. */}
          <Button
            size="small"
            color="error"
            startIcon={<BlockIcon />}
            loading={voiding}
            disabled={voidDisabled}
            onClick={onVoid}
            sx={{ ml: 'auto' }}
            aria-label={t('activationCodes.actions.voidCode', { code: shown })}
            data-testid="code-void"
          >
            {t('activationCodes.list.void')}
          </Button>
        </>
      )}
    </Box>
  );
}
