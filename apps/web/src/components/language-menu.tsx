import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Language } from '@linedesk/shared';
import { useLanguageOptions } from '../i18n/use-app-language';
import { LanguageFlag } from './language-flag';

type LanguageMenuProps = {
  anchor: HTMLElement | null;
  language: Language;
  onPick: (language: Language) => void;
  onClose: () => void;
};

/** The language popover's menu: loaded on the first open, so the sign-in page's first download leaves
 * MUI's menu, popover and modal out. */
export function LanguageMenu({ anchor, language, onPick, onClose }: LanguageMenuProps) {
  const options = useLanguageOptions();
  return (
    <Menu
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { mt: 1, width: 180, p: 0.5 } }, list: { disablePadding: true } }}
    >
      {options.map((option) => (
        <MenuItem
          key={option.value}
          selected={option.value === language}
          lang={option.value}
          data-testid={`language-option-${option.value}`}
          onClick={() => onPick(option.value)}
          sx={{ gap: 2 }}
        >
          <LanguageFlag language={option.value} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </Menu>
  );
}
