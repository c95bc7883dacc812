import type { ReactNode } from 'react';

export type NavItem = {
  title: string;
  path: string;
  icon?: ReactNode;
  /** Extra content on the right, e.g. an unread count. */
  info?: ReactNode;
  /** An unread/pending count shown as a small badge ('99+' above 99, hidden at 0). */
  badge?: number;
  children?: NavItem[];
  testId?: string;
  /**
   * Called when the reader points at, touches or focuses the entry, a moment before choosing it: the
   * shell starts the page's download then, so the page opens without a loading screen.
   */
  onIntent?: () => void;
};

export type NavGroup = {
  /** The same in every language: the group's open state stays with it when the texts change. */
  id: string;
  /** Groups with a subheader can be collapsed; groups without one are always open. */
  subheader?: string;
  items: NavItem[];
};
