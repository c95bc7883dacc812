export const paths = {
  root: '/',
  signIn: '/sign-in',
  signUp: '/sign-up',
  callback: '/callback',
  notFound: '/404',
  profileEdit: '/profile/edit',
  settings: '/settings',
  manageGroups: '/manage-groups',
  redeemCode: '/redeem-code',
  pricing: '/payments/pricing',
} as const;
