export type FirstAdmin = { email: string; password: string; generated: boolean };

/** Draws lines in a box, so the first admin's login stands out as the last thing a start prints. */
export function boxed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const edge = '─'.repeat(width + 2);
  return [`┌${edge}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${edge}┘`].join('\n');
}

/**
 * What `npm start` prints once the panel listens: where to open it (every address it really listens
 * on), then, on the first start only, the first admin's login in a box with the way back in.
 */
export function startBanner(input: {
  publicUrl: string;
  urls: string[];
  firstAdmin: FirstAdmin | null;
}): string {
  const { publicUrl, urls, firstAdmin } = input;
  const head = [
    `Linedesk is running at ${publicUrl}`,
    'Listening on:',
    ...urls.map((url) => `  ${url}`),
    `Sign in at ${publicUrl}/sign-in`,
  ];
  if (!firstAdmin) return `\n${head.join('\n')}\n`;
  const password = firstAdmin.generated
    ? `Password: ${firstAdmin.password}   (generated, shown only this once)`
    : 'Password: the one set in LINEDESK_ADMIN_PASSWORD';
  const box = boxed([
    'First admin created — sign in with:',
    `  Email:    ${firstAdmin.email}`,
    `  ${password}`,
    '',
    'Lost the password? Use "Forgot password?" on the sign-in page: without',
    'SMTP_URL the reset link is written to this log. LINEDESK_ADMIN_EMAIL and',
    'LINEDESK_ADMIN_PASSWORD choose the first admin of an empty database only.',
  ]);
  return `\n${head.join('\n')}\n\n${box}\n`;
}
