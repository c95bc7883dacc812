import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';

// MUI's overlays (Popover, Menu, Drawer: a modal, focus trap, transitions; Tooltip: Popper.js) are a
// good part of the signed-in shell's code, yet its header menus and the phone navigation show only
// when opened. These stand-ins take the same props and download the real component on the first
// open, so the shell's first download leaves them out; from then on they are the real thing.
const Popover = lazy(() => import('@mui/material/Popover'));
const Menu = lazy(() => import('@mui/material/Menu'));
const Drawer = lazy(() => import('@mui/material/Drawer'));
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** True from the first time `open` is true: the overlay then stays mounted so it can close animated. */
function useOpenedOnce(open: boolean | undefined): boolean {
  const [opened, setOpened] = useState(Boolean(open));
  if (open && !opened) setOpened(true);
  return opened || Boolean(open);
}

export function LazyPopover(props: PopoverProps) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  ) : null;
}

export function LazyMenu(props: MenuProps) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  ) : null;
}

/** For the temporary (phone) drawer, which shows nothing until opened. */
export function LazyDrawer(props: DrawerProps) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  ) : null;
}

/** The child shows at once; its hint joins it when Tooltip's code is in (used inside lazy overlays). */
export function LazyTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
