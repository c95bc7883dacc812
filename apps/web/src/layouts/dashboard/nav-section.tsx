import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import { alpha, type Theme } from '@mui/material/styles';
import { isValidElement, memo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { layoutConfig } from '../layout-config';
import type { NavGroup, NavItem } from './nav-types';

function isActivePath(pathname: string, path: string) {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

function isItemActive(pathname: string, item: NavItem): boolean {
  return (
    isActivePath(pathname, item.path) || (item.children ?? []).some((child) => isItemActive(pathname, child))
  );
}

/** Counts above 99 show as '99+' (docs/spec-rules.md, "Badge cap"). */
const BADGE_CAP = 99;

function NavBadge({ count, testId }: { count: number; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId ? `${testId}-badge` : undefined}
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 22,
        height: 22,
        borderRadius: 11,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        typography: 'caption',
        fontWeight: 700,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        flexShrink: 0,
      }}
    >
      {count > BADGE_CAP ? `${BADGE_CAP}+` : count}
    </Box>
  );
}

/** The same icon or info: the very element, or one of the same type with the same props (the shell builds them anew). */
function sameNode(a: ReactNode, b: ReactNode): boolean {
  if (a === b) return true;
  if (!isValidElement(a) || !isValidElement(b) || a.type !== b.type || a.key !== b.key) return false;
  const aProps = a.props as Record<string, unknown>;
  const bProps = b.props as Record<string, unknown>;
  const keys = Object.keys(aProps);
  return (
    keys.length === Object.keys(bProps).length && keys.every((key) => Object.is(aProps[key], bProps[key]))
  );
}

/**
 * The same entry as shown: the shell builds the whole list again whenever the account, a badge or the
 * language changes, and an entry whose text, badge and children did not change need not render again.
 * `onIntent` is left out: it is made from the path, which is compared.
 */
function sameItem(a: NavItem, b: NavItem): boolean {
  return (
    a.title === b.title &&
    a.path === b.path &&
    a.badge === b.badge &&
    a.testId === b.testId &&
    sameNode(a.icon, b.icon) &&
    sameNode(a.info, b.info) &&
    (a.children ?? []).length === (b.children ?? []).length &&
    (a.children ?? []).every((child, index) => sameItem(child, b.children![index]!))
  );
}

const NavItemRow = memo(
  function NavItemRow({ item, depth }: { item: NavItem; depth: number }) {
    const { pathname } = useLocation();
    const active = isItemActive(pathname, item);
    const hasChildren = Boolean(item.children?.length);
    const [open, setOpen] = useState(active);

    const content = (
      <>
        {item.icon && (
          <Box component="span" sx={{ width: 24, height: 24, display: 'inline-flex', mr: 2, flexShrink: 0 }}>
            {item.icon}
          </Box>
        )}
        <Box
          component="span"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {item.title}
        </Box>
        {item.info && (
          <Box component="span" sx={{ ml: 1, display: 'inline-flex' }}>
            {item.info}
          </Box>
        )}
        {item.badge !== undefined && item.badge > 0 && <NavBadge count={item.badge} testId={item.testId} />}
        {hasChildren && (
          <Box component="span" sx={{ ml: 1, display: 'inline-flex' }}>
            {open ? <ExpandMoreIcon fontSize="small" /> : <KeyboardArrowRightIcon fontSize="small" />}
          </Box>
        )}
      </>
    );

    const sx = (theme: Theme) => ({
      minHeight: layoutConfig.navItemHeight,
      borderRadius: 1,
      pl: 1.5 + depth * 2,
      pr: 1,
      ...theme.typography.body2,
      fontWeight: active ? 600 : 500,
      color: active
        ? depth === 0
          ? theme.palette.primary.main
          : theme.palette.text.primary
        : theme.palette.text.secondary,
      ...(active &&
        depth === 0 && {
          bgcolor: alpha(theme.palette.primary.main, 0.08),
          '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.16) },
        }),
    });

    return (
      <ListItem disablePadding sx={{ display: 'block', mb: 0.5 }}>
        {hasChildren ? (
          <>
            <ListItemButton
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              data-testid={item.testId}
              sx={sx}
            >
              {content}
            </ListItemButton>
            <Collapse in={open} unmountOnExit>
              <List disablePadding sx={{ mt: 0.5 }}>
                {item.children?.map((child) => (
                  <NavItemRow key={child.path} item={child} depth={depth + 1} />
                ))}
              </List>
            </Collapse>
          </>
        ) : (
          <ListItemButton
            component={RouterLink}
            to={item.path}
            aria-current={isActivePath(pathname, item.path) ? 'page' : undefined}
            data-testid={item.testId}
            onPointerEnter={item.onIntent}
            onTouchStart={item.onIntent}
            onFocus={item.onIntent}
            sx={sx}
          >
            {content}
          </ListItemButton>
        )}
      </ListItem>
    );
  },
  (before, after) => before.depth === after.depth && sameItem(before.item, after.item),
);

function NavGroupSection({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(true);
  const list = (
    <List disablePadding>
      {group.items.map((item) => (
        <NavItemRow key={item.path} item={item} depth={0} />
      ))}
    </List>
  );
  if (!group.subheader) {
    return (
      <Box component="li" sx={{ listStyle: 'none', px: 2, mb: 1 }}>
        {list}
      </Box>
    );
  }

  return (
    <Box component="li" sx={{ listStyle: 'none', px: 2, mb: 1 }}>
      <ButtonBase
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        sx={{
          width: 1,
          justifyContent: 'flex-start',
          gap: 0.5,
          px: 1.5,
          pt: 2,
          pb: 1,
          typography: 'overline',
          fontSize: 11,
          // text.disabled (#919EAB) is too faint to read: 2.7:1 on white.
          color: 'text.secondary',
          borderRadius: 1,
          transition: (theme) => theme.transitions.create('color'),
          '&:hover': { color: 'text.primary' },
          '& svg': { opacity: 0, transition: (theme) => theme.transitions.create('opacity') },
          '&:hover svg, &:focus-visible svg': { opacity: 1 },
        }}
      >
        <Box component="span" sx={{ textTransform: 'uppercase' }}>
          {group.subheader}
        </Box>
        {open ? <ExpandLessIcon sx={{ fontSize: 16 }} /> : <ExpandMoreIcon sx={{ fontSize: 16 }} />}
      </ButtonBase>
      <Collapse in={open}>{list}</Collapse>
    </Box>
  );
}

export function NavSection({ data }: { data: NavGroup[] }) {
  return (
    <Box component="nav" sx={{ pb: 2 }}>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {data.map((group, index) => (
          <NavGroupSection key={group.subheader ?? `group-${index}`} group={group} />
        ))}
      </Box>
    </Box>
  );
}
