import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../i18n/use-app-language';
import { LanguageFlag } from './language-flag';

export function LanguagePopover() {
  const { t } = useTranslation();
  const { language, options, setLanguage } = useAppLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('language.change')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="language-button"
        data-language={language}
        sx={{ width: 40, height: 40 }}
      >
        <LanguageFlag language={language} />
      </IconButton>
      <Menu
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
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
            onClick={() => {
              setLanguage(option.value);
              setAnchor(null);
            }}
            sx={{ gap: 2 }}
          >
            <LanguageFlag language={option.value} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
