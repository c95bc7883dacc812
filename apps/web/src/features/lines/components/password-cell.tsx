import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

// Elements made once: a button rendered again with the same element does not draw its icon again.
const showIcon = <VisibilityIcon fontSize="inherit" />;
const hideIcon = <VisibilityOffIcon fontSize="inherit" />;

/**
 * A line's password, masked until revealed (people share screens), with a copy button; compact, so
 * the grid gives its room to the usernames. A native title instead of a tooltip: the grid shows 25
 * or more of these at once, and a page's rows mount with every page change.
 */
export const PasswordCell = memo(function PasswordCell({
  lineId,
  password,
}: {
  lineId: number;
  password: string;
}) {
  const { t } = useTranslation();
  // Shown for one line: a grid row is updated in place with the next page's line, and a password
  // shown on one page must not stay shown in its place on the next (nor the row mounted anew).
  const [shownFor, setShownFor] = useState<number | null>(null);
  const visible = shownFor === lineId;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }}>
      <Box
        component="span"
        data-testid="line-password"
        data-visible={visible}
        sx={{
          fontFamily: 'monospace',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          flexGrow: 1,
          minWidth: 0,
        }}
      >
        {visible ? password : '••••'}
      </Box>
      <IconButton
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          setShownFor(visible ? null : lineId);
        }}
        aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
        title={visible ? t('common.hidePassword') : t('common.showPassword')}
        data-testid="line-password-toggle"
      >
        {visible ? hideIcon : showIcon}
      </IconButton>
      <CopyButton text={password} label={t('lines.copyPassword')} testId="line-password-copy" />
    </Box>
  );
});
