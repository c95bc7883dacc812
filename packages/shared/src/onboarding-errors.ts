/** Getting a panel and its accounts going: the first-run guide and confirmation mails. */
export const onboardingErrors = {
  ACCOUNT_ALREADY_CONFIRMED: { status: 409, message: 'This account has already confirmed its email address' },
} as const;
