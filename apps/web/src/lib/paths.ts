export const paths = {
  root: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  signInTwoFactor: '/sign-in/two-factor',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  callback: '/callback',
  notFound: '/404',
  profileEdit: '/profile/edit',
  settings: '/settings',
  settingsAccount: '/settings/account',
  settingsPanel: '/settings/panel',
  notifications: '/notifications',
  manageGroups: '/manage-groups',
  cccamServers: '/cccam-servers',
  serversManage: '/cccam-servers/manage',
  serversAdd: '/cccam-servers/add',
  serversCheck: '/cccam-servers/check',
  serversTestApi: '/cccam-servers/test-api',
  serverAdopt: '/cccam-servers/:id/adopt',
  redeemCode: '/redeem-code',
  pricing: '/payments/pricing',
  payments: '/payments',
  paymentReturn: '/payments/return/:id',
  topUpReceipt: '/payments/receipts/:id',
  resellers: '/resellers',
  user: '/user',
  products: '/products',
  setPassword: '/set-password',
  messages: '/messages',
  messagesCreate: '/messages/create',
  blog: '/blog',
  support: '/support',
  supportTickets: '/support/tickets',
  tickets: '/tickets',
  ticketsNew: '/tickets/new',
  ticketsSetup: '/tickets/setup',
  knowledgeBase: '/support/knowledge-base',
  contactUs: '/support/contact-us',
  contact: '/contact',
  lines: '/users',
  linesAll: '/users/all',
  linesAdd: '/users/add',
  linesImport: '/users/import',
  linePlans: '/users/plans',
  activationCodes: '/users/activation-codes',
  lineEdit: '/users/edit/:id',
  supabaseTest: '/supabase-test',
  systemStatus: '/system-status',
  auditLog: '/audit-log',
  reports: '/reports',
  outages: '/outages',
  /**
   * The customer portal: a page of its own (`portal.html`, `src/portal/`), so the panel reaches it
   * with a full page load (an `<a href>`), never through its router.
   */
  portal: '/my',
  portalSignIn: '/my/sign-in',
  portalActivate: '/my/activate',
} as const;

/** The edit page of one line. */
export const linePath = (id: number) => `/users/edit/${id}`;
export const serverAdoptPath = (id: number) => `/cccam-servers/${id}/adopt`;
/** Where a provider's checkout sends the buyer back (the server names it in the checkout it opens). */
export const paymentReturnPath = (id: number) => `/payments/return/${id}`;
/** The printable receipt of a credited top-up. */
export const topUpReceiptPath = (id: number) => `/payments/receipts/${id}`;
