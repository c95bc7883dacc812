import { useCopyText } from '../../hooks/use-copy-text';
import { useTexts } from '../hooks/use-texts';

type Props = { text: string; label: string; testId: string; dark?: boolean };

/** Copies `text` and shows a tick for a moment (the panel's copy button, without its icon library). */
export function CopyButton({ text, label, testId, dark = false }: Props) {
  const { t } = useTexts();
  const { copied, copy } = useCopyText(text);
  return (
    <button
      type="button"
      className={dark ? 'icon-btn icon-btn-dark' : 'icon-btn'}
      aria-label={label}
      title={copied ? t('lines.copied') : label}
      data-testid={testId}
      data-copied={copied}
      onClick={copy}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden className={copied ? 'copied' : undefined}>
        <path
          fill="currentColor"
          d={
            copied
              ? 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z'
              : 'M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2m0 16H8V7h11z'
          }
        />
      </svg>
    </button>
  );
}
