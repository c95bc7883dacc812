import { errorCodes, errorMessages, languages, permissions } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { loadTranslation } from './resources';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(path, value);
    else for (const [nested, text] of flatten(value, path)) result.set(nested, text);
  }
  return result;
}

const flat = Object.fromEntries(
  await Promise.all(
    languages.map(async (language) => [language, flatten((await loadTranslation(language)) as Tree)]),
  ),
) as Record<(typeof languages)[number], Map<string, string>>;

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((m) => m[0]).sort();

describe('locale files', () => {
  const allKeys = new Set(languages.flatMap((language) => [...flat[language].keys()]));

  it.each(languages)('%s has every key that any other language has', (language) => {
    const missing = [...allKeys].filter((key) => !flat[language].has(key));
    expect(missing).toEqual([]);
  });

  it.each(languages)('%s has no empty texts', (language) => {
    const empty = [...flat[language]].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(languages.filter((language) => language !== 'en'))(
    '%s uses the same placeholders and tags as English',
    (language) => {
      const mismatched = [...flat.en]
        .filter(([key, text]) => {
          const other = flat[language].get(key);
          return other !== undefined && placeholders(other).join() !== placeholders(text).join();
        })
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    },
  );

  it.each(languages)('%s has errors.<CODE> for every shared error code', (language) => {
    const missing = errorCodes.filter((code) => !flat[language].has(`errors.${code}`));
    expect(missing).toEqual([]);
  });

  it('English error texts are exactly the shared (spec) messages', () => {
    for (const code of errorCodes) expect(flat.en.get(`errors.${code}`), code).toBe(errorMessages[code]);
  });

  it.each(languages)('%s labels every permission', (language) => {
    const missing = permissions.filter((permission) => !flat[language].has(`permissions.${permission}`));
    expect(missing).toEqual([]);
  });

  it('other languages are translations, not copies of English', () => {
    for (const language of languages.filter((lng) => lng !== 'en')) {
      const errors = errorCodes.filter(
        (code) => flat[language].get(`errors.${code}`) === errorMessages[code],
      );
      // "Not found"-style one-word texts could coincide, but never most of them.
      expect(errors.length, language).toBeLessThan(3);
    }
  });

  it('keeps the spec texts the shell shows', () => {
    expect(flat.en.get('credits.label')).toBe('Credits');
    expect(flat.en.get('credits.redeemCode')).toBe('Redeem Code');
    expect(flat.en.get('credits.topUp')).toBe('Top Up Credits');
    expect(flat.en.get('account.signOut')).toBe('Sign Out');
    expect(flat.en.get('nav.myProfile')).toBe('My Profile');
    expect(flat.en.get('nav.manageGroups')).toBe('Manage Groups');
  });
});
