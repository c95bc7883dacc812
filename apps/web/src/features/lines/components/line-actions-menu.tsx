import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import WbSunnyOutlinedIcon from '@mui/icons-material/WbSunnyOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Line } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { linePath } from '../../../lib/paths';

/** What a line's row offers on its own buttons; the menu adds editing. */
export type LineRowAction = 'renew' | 'toggle' | 'delete' | 'copy' | 'freeze' | 'give' | 'restore';
export type MenuAction = LineRowAction | 'edit';
// Made once: rendered again for each line of a grid row, the button does not draw its icon again.
const moreIcon = <MoreVertIcon fontSize="small" />;
export const everyAction: readonly MenuAction[] = [
  'renew',
  'copy',
  'edit',
  'freeze',
  'give',
  'toggle',
  'delete',
  'restore',
];

type LineActionsMenuProps = {
  line: Line;
  busy: boolean;
  onAction: (action: LineRowAction, line: Line) => void;
  /** The actions it offers (all of them on a phone; beside the row's own buttons, the rest). */
  actions?: readonly MenuAction[];
};

/** A line's row actions behind one button: on phones all of them, on a desktop row the less frequent ones. */
export function LineActionsMenu({ line, busy, onAction, actions = everyAction }: LineActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is built the first time it opens, then kept for its closing animation: a page of the
  // list mounts 25 of these, and a closed menu still cost its popover, modal and items each time.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('lines.actions.menuNamed', { username: line.username })}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        data-testid="line-actions-menu-button"
      >
        {moreIcon}
      </IconButton>
      {opened && (
        <LineActionsPopup
          line={line}
          busy={busy}
          onAction={onAction}
          actions={actions}
          anchor={anchor}
          onClose={() => setAnchor(null)}
        />
      )}
    </>
  );
}

type LineActionsPopupProps = Required<LineActionsMenuProps> & {
  anchor: HTMLElement | null;
  onClose: () => void;
};

/** The menu of a line's actions, open while it has an anchor; the lines table holds one for all rows. */
export function LineActionsPopup({ line, busy, onAction, actions, anchor, onClose }: LineActionsPopupProps) {
  const { t } = useTranslation();
  const act = (action: LineRowAction) => {
    onClose();
    onAction(action, line);
  };
  // The same last item on an archived line's menu and on any other's.
  const deleteItem = actions.includes('delete') && (
    <MenuItem onClick={() => act('delete')} sx={{ color: 'error.main' }} data-testid="line-delete-menu-item">
      <ListItemIcon sx={{ color: 'inherit' }}>
        <DeleteOutlinedIcon fontSize="small" />
      </ListItemIcon>
      {t('common.delete')}
    </MenuItem>
  );
  // An archived line takes no change but its restore (the server refuses the others), and deletion.
  if (line.archived_at) {
    return (
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        {actions.includes('restore') && (
          <MenuItem disabled={busy} onClick={() => act('restore')} data-testid="line-restore-menu-item">
            <ListItemIcon>
              <UnarchiveOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('lines.actions.restore')}
          </MenuItem>
        )}
        {deleteItem}
      </Menu>
    );
  }
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {actions.includes('renew') && (
        <MenuItem onClick={() => act('renew')} data-testid="line-renew-menu-item">
          <ListItemIcon>
            <AutorenewIcon fontSize="small" />
          </ListItemIcon>
          {t('lines.actions.renew')}
        </MenuItem>
      )}
      {actions.includes('copy') && (
        <MenuItem onClick={() => act('copy')} data-testid="line-copy-connection-menu-item">
          <ListItemIcon>
            <ContentCopyIcon fontSize="small" />
          </ListItemIcon>
          {t('linesBulk.connection.copy')}
        </MenuItem>
      )}
      {actions.includes('edit') && (
        <MenuItem component={RouterLink} to={linePath(line.id)} data-testid="line-edit-menu-item">
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('common.edit')}
        </MenuItem>
      )}
      {/* An expired line cannot be frozen (the server says so too); a frozen one is unfrozen. */}
      {actions.includes('freeze') && (line.status === 'frozen' || line.status !== 'expired') && (
        <MenuItem disabled={busy} onClick={() => act('freeze')} data-testid="line-freeze-menu-item">
          <ListItemIcon>
            {line.status === 'frozen' ? (
              <WbSunnyOutlinedIcon fontSize="small" />
            ) : (
              <AcUnitIcon fontSize="small" />
            )}
          </ListItemIcon>
          {line.status === 'frozen' ? t('lines.actions.unfreeze') : t('lines.actions.freeze')}
        </MenuItem>
      )}
      {actions.includes('give') && (
        <MenuItem onClick={() => act('give')} data-testid="line-give-menu-item">
          <ListItemIcon>
            <PersonAddAltOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('lines.actions.give')}
        </MenuItem>
      )}
      {/* A frozen line is switched on by unfreezing it, which gives its days back. */}
      {actions.includes('toggle') && line.status !== 'frozen' && (
        <MenuItem disabled={busy} onClick={() => act('toggle')} data-testid="line-toggle-menu-item">
          <ListItemIcon>
            {line.enabled ? <BlockIcon fontSize="small" /> : <CheckCircleOutlineIcon fontSize="small" />}
          </ListItemIcon>
          {line.enabled ? t('lines.actions.disable') : t('lines.actions.enable')}
        </MenuItem>
      )}
      {deleteItem}
    </Menu>
  );
}
