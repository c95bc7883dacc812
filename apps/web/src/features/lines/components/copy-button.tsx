import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text';

type CopyButtonProps = { text: string; label: string; testId?: string; size?: 'small' | 'medium' };

/** Copies `text` and shows a tick for a moment. */
export function CopyButton({ text, label, testId, size = 'small' }: CopyButtonProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Tooltip title={copied ? t('lines.copied') : label}>
      <IconButton
        size={size}
        aria-label={label}
        data-testid={testId}
        data-copied={copied}
        onClick={() => void copyText(text).then(setCopied)}
      >
        {copied ? <CheckIcon fontSize="inherit" color="success" /> : <ContentCopyIcon fontSize="inherit" />}
      </IconButton>
    </Tooltip>
  );
}
