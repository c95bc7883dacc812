import { languages } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { loadTexts, loadTranslation } from './resources';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

// What the sign-in page (the only page rendered before the rest of the texts load) shows.
const signInKeys = [
  'auth.signIn.title',
  'auth.signIn.noAccount',
  'auth.signIn.getStarted',
  'auth.signIn.submit',
  'fields.email',
  'fields.password',
  'common.loading',
  'common.showPassword',
  'common.hidePassword',
  'language.change',
  'language.name',
  'errors.INTERNAL',
  'validation.REQUIRED',
];

// What the signed-in shell and the dashboard show before the other pages' texts arrive: the menu's
// entries of every area, error messages, the bell, the figures, who is online and the first-run guide.
const shellKeys = [
  'nav.dashboard',
  'nav.lines',
  'nav.messages',
  'nav.tickets',
  'nav.auditLog',
  'errors.LINE_NOT_FOUND',
  'errors.INSUFFICIENT_CREDITS',
  'account.signOut',
  'credits.topUp',
  'dashboard.welcome',
  'insights.linesActive',
  'lineConnections.dashboard.title',
  'setupGuide.title',
  'setupGuide.progress',
  'setupGuide.steps.server.action',
];

describe.each(languages)('the %s texts in three downloads', (language) => {
  it("the first holds the sign-in page's texts", async () => {
    const first = keys((await loadTexts(language, 'first')) as Tree);
    expect(signInKeys.filter((key) => !first.includes(key))).toEqual([]);
  });

  it('the second holds what the shell and the dashboard show', async () => {
    const shown = keys((await loadTexts(language, 'first')) as Tree).concat(
      keys((await loadTexts(language, 'rest')) as Tree),
    );
    expect(shellKeys.filter((key) => !shown.includes(key))).toEqual([]);
  });

  it('together the three hold every text, each once', async () => {
    const first = keys((await loadTexts(language, 'first')) as Tree);
    const rest = keys((await loadTexts(language, 'rest')) as Tree);
    const pages = keys((await loadTexts(language, 'pages')) as Tree);
    const all = keys((await loadTranslation(language)) as Tree);
    expect(new Set([...first, ...rest, ...pages])).toEqual(new Set(all));
    expect(first.length + rest.length + pages.length).toBe(all.length);
    expect(first.length).toBeLessThan(all.length / 2);
    expect(pages.length).toBeGreaterThan(rest.length);
  });
});
