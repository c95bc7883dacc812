import Box from '@mui/material/Box';
import { DE, GB, PL, PT } from 'country-flag-icons/react/3x2';
import type { Language } from '@linedesk/shared';

// Bundled SVGs: the panel must work without internet access.
const flags = { en: GB, de: DE, pl: PL, pt: PT } satisfies Record<Language, unknown>;

export function LanguageFlag({ language, size = 26 }: { language: Language; size?: number }) {
  const Flag = flags[language];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        width: size,
        height: Math.round((size * 2) / 3),
        borderRadius: 0.5,
        overflow: 'hidden',
        flexShrink: 0,
        boxShadow: '0 0 0 1px rgba(145, 158, 171, 0.24)',
        '& svg': { width: 1, height: 1, display: 'block' },
      }}
    >
      <Flag aria-hidden focusable="false" />
    </Box>
  );
}
