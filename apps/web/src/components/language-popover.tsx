import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { languages } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { preloadLanguage } from '../i18n/i18n';
import { useAppLanguage } from '../i18n/use-app-language';
import { LanguageFlag } from './language-flag';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

export function LanguagePopover() {
  const { t } = useTranslation();
  const { language, setLanguage } = useAppLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu mounts when opened; closed by a click beside it, it stays (with its transitions) until a
  // language is picked.
  const [menuWanted, setMenuWanted] = useState(false);

  return (
    <>
      <IconButton
        onClick={(event) => {
          // The other languages' texts download while the reader looks at the menu, so the pick
          // itself does not wait for the network.
          for (const other of languages) if (other !== language) void preloadLanguage(other);
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
        // A pointer on its way or keyboard focus starts the menu's download before the click.
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        aria-label={t('language.change')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="language-button"
        data-language={language}
        sx={{ width: 40, height: 40 }}
      >
        <LanguageFlag language={language} />
      </IconButton>
      {menuWanted && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            language={language}
            onPick={(picked) => {
              // The menu is taken away at once rather than closed: closing renders it again (and its
              // exit transition a few times more), hundreds of components, in the switch's time,
              // while taking it away only removes it from the page. It mounts again on the next open.
              setMenuWanted(false);
              setAnchor(null);
              void setLanguage(picked);
            }}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
