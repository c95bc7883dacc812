import { languages, type Language } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { serverTexts, translate } from './server-texts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Each text by its base key (plural forms together), with the `{{params}}` it fills. */
function textsOf(language: Language): Map<string, { params: Set<string>; forms: Set<string> }> {
  const texts = new Map<string, { params: Set<string>; forms: Set<string> }>();
  for (const [key, text] of leaves(serverTexts[language])) {
    const base = key.replace(PLURAL, '');
    const entry = texts.get(base) ?? { params: new Set<string>(), forms: new Set<string>() };
    for (const [, name] of text.matchAll(/\{\{(\w+)\}\}/g)) entry.params.add(name!);
    entry.forms.add(PLURAL.exec(key)?.[1] ?? '');
    texts.set(base, entry);
  }
  return texts;
}

const english = textsOf('en');

describe('server-made texts', () => {
  it.each(languages.filter((l) => l !== 'en'))(
    '%s has every English text with the same params',
    (language) => {
      const texts = textsOf(language);
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, { params }] of english) {
        expect([...texts.get(key)!.params].sort(), `${language} ${key}`).toEqual([...params].sort());
      }
    },
  );

  it.each(languages)('%s has a form for each plural category it uses', (language) => {
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const [key, { forms }] of textsOf(language)) {
      if (forms.has('')) continue;
      // Portuguese's "many" is for millions ("1 milhão de"), which falls back to "other" when missing.
      for (const category of categories) {
        if (category === 'many' && language === 'pt' && !forms.has('many')) continue;
        expect(forms.has(category), `${language} ${key}_${category}`).toBe(true);
      }
    }
  });

  it('no English is left in the other languages', () => {
    const englishTexts = new Set(leaves(serverTexts.en).map(([, text]) => text));
    for (const language of languages.filter((l) => l !== 'en')) {
      const same = leaves(serverTexts[language]).filter(([, text]) => englishTexts.has(text));
      expect(same, language).toEqual([]);
    }
  });

  it('fills params and picks the plural form of the language', () => {
    expect(translate('en', 'reminders.title', { count: 1 })).toBe('1 line expires soon');
    expect(translate('en', 'reminders.title', { count: 2 })).toBe('2 lines expire soon');
    expect(translate('de', 'reminders.title', { count: 2 })).toBe('2 Zugänge laufen bald ab');
    expect(translate('pl', 'reminders.title', { count: 3 })).toBe('3 linie wkrótce wygasają');
    expect(translate('pl', 'reminders.title', { count: 5 })).toBe('5 linii wkrótce wygasa');
    expect(translate('pt', 'topups.rejectedContent', { packageName: 'P', reference: 'R', reason: 'X' })).toBe(
      'O seu pedido de carregamento de P (referência de pagamento R) foi rejeitado. Motivo: X',
    );
  });

  it('German calls a line "Zugang", as the web does', () => {
    expect(leaves(serverTexts.de).filter(([, text]) => /Leitung/.test(text))).toEqual([]);
  });
});
