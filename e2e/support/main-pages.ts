/**
 * The main pages every role has, the dashboard first: what the layout and translation specs visit
 * for each role before that role's own pages.
 */
export const PAGES_OF_EVERY_ROLE: readonly string[] = [
  '/',
  '/profile/edit',
  '/settings/account',
  '/notifications',
  '/messages',
  '/blog',
  '/redeem-code',
  '/payments/pricing',
  '/products',
  '/tickets',
  '/tickets/new',
  '/support/knowledge-base',
  '/support/contact-us',
  '/user',
];
