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

describe.each(languages)('the %s texts in two downloads', (language) => {
  it("the first holds the sign-in page's texts", async () => {
    const first = keys((await loadTexts(language, 'first')) as Tree);
    expect(signInKeys.filter((key) => !first.includes(key))).toEqual([]);
  });

  it('together the two hold every text, each once', async () => {
    const first = keys((await loadTexts(language, 'first')) as Tree);
    const rest = keys((await loadTexts(language, 'rest')) as Tree);
    const all = keys((await loadTranslation(language)) as Tree);
    expect(new Set([...first, ...rest])).toEqual(new Set(all));
    expect(first.filter((key) => rest.includes(key))).toEqual([]);
    expect(first.length).toBeLessThan(all.length / 2);
  });
});
