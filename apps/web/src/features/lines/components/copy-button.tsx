import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../hooks/use-copy-text';

// Elements made once: a button rendered again with the same element does not draw its icon again.
const copyIcon = <ContentCopyIcon fontSize="inherit" />;
const copiedIcon = <CheckIcon fontSize="inherit" color="success" />;

type CopyButtonProps = { text: string; label: string; testId?: string; size?: 'small' | 'medium' };

/** Copies `text` and shows a tick for a moment (a native title rather than a tooltip, as light as can be). */
export function CopyButton({ text, label, testId, size = 'small' }: CopyButtonProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyText(text);

  return (
    <IconButton
      size={size}
      aria-label={label}
      title={copied ? t('lines.copied') : label}
      data-testid={testId}
      data-copied={copied}
      onClick={copy}
    >
      {copied ? copiedIcon : copyIcon}
    </IconButton>
  );
}
