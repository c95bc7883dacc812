import { useEffect, useState } from 'react';
import { copyText } from '../lib/copy-text';

/**
 * Copies `text` on `copy()`; `copied` is true for a moment after a copy that worked, for a tick in
 * place of the copy icon. The panel's copy button and the customer portal's (which has no MUI) share it.
 */
export function useCopyText(text: string): { copied: boolean; copy: () => void } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return { copied, copy: () => void copyText(text).then(setCopied) };
}
