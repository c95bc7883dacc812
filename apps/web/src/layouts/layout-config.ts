/** Header, side navigation and item sizes (docs/spec-rules.md, "Layout sizes"). */
export const layoutConfig = {
  headerMobileHeight: 64,
  headerDesktopHeight: 72,
  navWidth: 280,
  navMobileWidth: 320,
  navItemHeight: 44,
  /** From this breakpoint up the nav is permanent and the header is the desktop height. */
  desktopBreakpoint: 'lg',
} as const;
