import { alpha, styled } from '@mui/material/styles';
import {
  createContext,
  isValidElement,
  memo,
  useContext,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { plainIcon } from '../../components/plain-icon';
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

/**
 * The address the navigation marks as current, held apart from the router's location: an entry reads
 * from it only whether it is active (`useNavPath`), and so renders again only when that changes. Each
 * entry reading the location itself rendered all thirty of them on every page opened.
 */
type PathStore = {
  get: () => string;
  set: (pathname: string) => void;
  subscribe: (listener: () => void) => () => void;
};

function createPathStore(initial: string): PathStore {
  let pathname = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => pathname,
    set: (next) => {
      if (next === pathname) return;
      pathname = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const NavPathContext = createContext<PathStore>(createPathStore('/'));

function useNavPath<T extends boolean>(select: (pathname: string) => T): T {
  const store = useContext(NavPathContext);
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

/** Counts above 99 show as '99+' (docs/spec-rules.md, "Badge cap"). */
const BADGE_CAP = 99;

/** The deepest level the sheet has a padding for; deeper entries keep this one's. */
const DEEPEST = 3;

/**
 * The navigation's one class sheet: every entry is a plain element with a class from here, so a
 * language switch, which changes every entry's text, renders two components an entry (the row and its
 * router link) instead of the fifteen or so of MUI's list item, button, ripple, collapse and boxes.
 * Sizes and colours are those of the ListItemButton the entries were.
 */
const NavRoot = styled('nav')(({ theme }) => {
  const { palette, typography, transitions } = theme;
  const depths = Object.fromEntries(
    Array.from({ length: DEEPEST + 1 }, (_, depth) => [
      `& .ns-depth-${depth}`,
      { paddingLeft: theme.spacing(1.5 + depth * 2) },
    ]),
  );
  return {
    paddingBottom: theme.spacing(2),
    '& ul': { listStyle: 'none', margin: 0, padding: 0 },
    // The lists that open and close keep their last entry's margin inside them (as MUI's Collapse
    // around them did), so every entry stays where it was.
    '& .ns-collapsible': { display: 'flow-root' },
    '& ul[hidden]': { display: 'none' },
    '& .ns-group': { padding: theme.spacing(0, 2), marginBottom: theme.spacing(1) },
    '& .ns-subheader': {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(0.5),
      width: '100%',
      margin: 0,
      border: 0,
      padding: theme.spacing(2, 1.5, 1),
      background: 'none',
      cursor: 'pointer',
      ...typography.overline,
      fontSize: 11,
      textTransform: 'uppercase',
      // text.disabled (#919EAB) is too faint to read: 2.7:1 on white.
      color: palette.text.secondary,
      borderRadius: theme.shape.borderRadius,
      transition: transitions.create('color'),
      '&:hover': { color: palette.text.primary },
      '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
      '& .ns-chevron': {
        width: 16,
        height: 16,
        opacity: 0,
        transition: transitions.create('opacity'),
      },
      '&:hover .ns-chevron, &:focus-visible .ns-chevron': { opacity: 1 },
    },
    '& .ns-item': { marginBottom: theme.spacing(0.5) },
    '& .ns-sub': { marginTop: theme.spacing(0.5) },
    '& .ns-button': {
      display: 'flex',
      alignItems: 'center',
      width: '100%',
      minHeight: layoutConfig.navItemHeight,
      boxSizing: 'border-box',
      margin: 0,
      border: 0,
      padding: theme.spacing(1, 1, 1, 1.5),
      borderRadius: theme.shape.borderRadius,
      background: 'none',
      cursor: 'pointer',
      textAlign: 'left',
      textDecoration: 'none',
      WebkitTapHighlightColor: 'transparent',
      ...typography.body2,
      fontWeight: 500,
      color: palette.text.secondary,
      transition: transitions.create('background-color', { duration: transitions.duration.shortest }),
      '&:hover': {
        backgroundColor: palette.action.hover,
        '@media (hover: none)': { backgroundColor: 'transparent' },
      },
      '&:focus-visible': {
        outline: `2px solid ${palette.primary.main}`,
        outlineOffset: -2,
        backgroundColor: palette.action.focus,
      },
    },
    ...depths,
    '& .ns-button.ns-active': { fontWeight: 600, color: palette.text.primary },
    '& .ns-button.ns-active.ns-depth-0': {
      color: palette.primary.main,
      backgroundColor: alpha(palette.primary.main, 0.08),
      '&:hover': { backgroundColor: alpha(palette.primary.main, 0.16) },
    },
    '& .ns-icon': {
      display: 'inline-flex',
      flexShrink: 0,
      width: 24,
      height: 24,
      marginRight: theme.spacing(2),
    },
    '& .ns-title': {
      flexGrow: 1,
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '& .ns-info': { display: 'inline-flex', marginLeft: theme.spacing(1) },
    '& .ns-expand': { display: 'inline-flex', flexShrink: 0, marginLeft: theme.spacing(1) },
    '& .ns-expand svg': { width: 20, height: 20 },
    '& .ns-badge': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      boxSizing: 'border-box',
      minWidth: 22,
      height: 22,
      marginLeft: theme.spacing(1),
      padding: theme.spacing(0, 0.75),
      borderRadius: 11,
      ...typography.caption,
      fontWeight: 700,
      backgroundColor: palette.error.main,
      color: palette.error.contrastText,
    },
    '& .ns-svg': { fill: 'currentColor', flexShrink: 0 },
  };
});

const chevron = (className: string, path: string) => plainIcon(path, `ns-svg ${className}`);
const expandMore = 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z';
const chevrons = {
  itemOpen: chevron('', expandMore),
  itemClosed: chevron('', 'M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z'),
  groupOpen: chevron('ns-chevron', 'm12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z'),
  groupClosed: chevron('ns-chevron', expandMore),
};

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
    const active = useNavPath((pathname) => isItemActive(pathname, item));
    const current = useNavPath((pathname) => isActivePath(pathname, item.path));
    const hasChildren = Boolean(item.children?.length);
    const [open, setOpen] = useState(active);
    const className = `ns-button ns-depth-${Math.min(depth, DEEPEST)}${active ? ' ns-active' : ''}`;

    const content = (
      <>
        {item.icon && <span className="ns-icon">{item.icon}</span>}
        <span className="ns-title">{item.title}</span>
        {item.info && <span className="ns-info">{item.info}</span>}
        {item.badge !== undefined && item.badge > 0 && (
          <span className="ns-badge" data-testid={item.testId ? `${item.testId}-badge` : undefined}>
            {item.badge > BADGE_CAP ? `${BADGE_CAP}+` : item.badge}
          </span>
        )}
        {hasChildren && <span className="ns-expand">{open ? chevrons.itemOpen : chevrons.itemClosed}</span>}
      </>
    );

    if (hasChildren) {
      return (
        <li className="ns-item">
          <button
            type="button"
            className={className}
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            data-testid={item.testId}
          >
            {content}
          </button>
          {/* Closed, the entries are not rendered at all: they cost nothing until opened. */}
          {open && (
            <ul className="ns-sub ns-collapsible">
              {item.children?.map((child) => (
                <NavItemRow key={child.path} item={child} depth={depth + 1} />
              ))}
            </ul>
          )}
        </li>
      );
    }
    return (
      <li className="ns-item">
        <RouterLink
          to={item.path}
          className={className}
          aria-current={current ? 'page' : undefined}
          data-testid={item.testId}
          onPointerEnter={item.onIntent}
          onTouchStart={item.onIntent}
          onFocus={item.onIntent}
        >
          {content}
        </RouterLink>
      </li>
    );
  },
  (before, after) => before.depth === after.depth && sameItem(before.item, after.item),
);

const NavGroupSection = memo(
  function NavGroupSection({ group }: { group: NavGroup }) {
    const [open, setOpen] = useState(true);
    return (
      <li className="ns-group">
        {group.subheader && (
          <button
            type="button"
            className="ns-subheader"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
          >
            <span>{group.subheader}</span>
            {open ? chevrons.groupOpen : chevrons.groupClosed}
          </button>
        )}
        {/* A closed group keeps its entries, hidden, so that opening it again costs no render. */}
        <ul className={group.subheader ? 'ns-collapsible' : undefined} hidden={!open}>
          {group.items.map((item) => (
            <NavItemRow key={item.path} item={item} depth={0} />
          ))}
        </ul>
      </li>
    );
  },
  (before, after) =>
    before.group.subheader === after.group.subheader &&
    before.group.items.length === after.group.items.length &&
    before.group.items.every((item, index) => sameItem(item, after.group.items[index]!)),
);

export function NavSection({ data }: { data: NavGroup[] }) {
  const { pathname } = useLocation();
  const [paths] = useState(() => createPathStore(pathname));
  // Before the browser paints the new page: the entries whose state changed render again with it.
  useLayoutEffect(() => paths.set(pathname), [paths, pathname]);
  return (
    <NavPathContext value={paths}>
      <NavRoot>
        <ul>
          {data.map((group) => (
            // Keyed by its id, not its title: a language switch keeps the groups (and their open state).
            <NavGroupSection key={group.id} group={group} />
          ))}
        </ul>
      </NavRoot>
    </NavPathContext>
  );
}
