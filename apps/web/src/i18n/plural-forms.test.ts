import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessages, languages, type Language } from '@linedesk/shared';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { serverTexts } from '../../../server/src/i18n/server-texts';
import { loadTranslation, type Tree } from './resources';

/**
 * Every number shown with a noun goes through i18next's plural forms (the web's `t` and the server's
 * `translate` pick `_one`/`_few`/`_many`/`_other` by `count`): Polish says "1 kredyt", "2 kredyty",
 * "10 kredytów", never one form for all. Read from the code (every key called with `count`) and from
 * the locale files (every number placeholder written before a counted noun).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.resolve(here, '..');
const serverSrc = path.resolve(here, '../../../server/src');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result.set(name, value);
    else for (const [nested, text] of flatten(value, name)) result.set(nested, text);
  }
  return result;
}

const web = Object.fromEntries(
  await Promise.all(
    languages.map(async (language) => [language, flatten((await loadTranslation(language)) as Tree)]),
  ),
) as Record<Language, Map<string, string>>;
const server = Object.fromEntries(
  languages.map((language) => [language, flatten(serverTexts[language] as Tree)]),
) as Record<Language, Map<string, string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The keys a file asks for with a `count`: `t('key', { count … })`, `translate(language, 'key',
 * { count … })` and `<Trans i18nKey="key" count={…}>`. Keys built at run time are not read.
 */
function keysCalledWithCount(source: string): string[] {
  const keys: string[] = [];
  const call =
    /\b(?:t\(|translate\(\s*\w+\s*,)\s*['"]([\w.]+)['"]\s*,\s*\{\s*(?:(?:[^{}()]|\([^()]*\)|\{[^{}]*\})*?,\s*)?count\s*[:,}]/g;
  for (const match of source.matchAll(call)) keys.push(match[1]!);
  const trans = /<Trans\b[^>]*?\bi18nKey=["']([\w.]+)["'][^>]*?\bcount=\{/g;
  for (const match of source.matchAll(trans)) keys.push(match[1]!);
  return keys;
}

const countedKeys = (dir: string) =>
  [...new Set(sourceFiles(dir).flatMap((file) => keysCalledWithCount(readFileSync(file, 'utf8'))))].sort();

const categories = (language: Language) =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];

/** Keys called with `count` that lack a plural form some language needs. */
function missingForms(keys: string[], texts: Record<Language, Map<string, string>>): string[] {
  return languages.flatMap((language) =>
    keys.flatMap((key) =>
      categories(language)
        .filter((category) => !texts[language].has(`${key}_${category}`))
        .map((category) => `${language}: ${key}_${category}`),
    ),
  );
}

/**
 * Nouns that change with the number before them, per language. A placeholder written right before
 * one of them is a count, and its text must be a plural form.
 */
const COUNTED_NOUNS: Record<Language, RegExp> = {
  en: /^(credits?|days?|lines?|months?|codes?|users?|hours?|minutes?|seconds?|weeks?|years?|accounts?|requests?|tickets?|messages?|uses?|entries|entry|items?|connections?|times)\b/,
  de: /^(Credits?|Tag(e|en)?|Zug(a|ä)ng(e|en)?|Monat(e|en)?|Codes?|Benutzer(n)?|Stunden?|Minuten?|Sekunden?|Wochen?|Jahr(e|en)?|Kont(o|en)|Anfragen?|Tickets?|Nachricht(en)?|Eintr(a|ä)g(e|en)?|Verbindung(en)?|Mal)\b/,
  pl: /^(kredyt\w*|dni|dzie(ń|nia)|lini[aięi]\w*|miesi(ą|ę)\w*|kod(y|ów|u)?\b|użytkownik\w*|godzin\w*|minut\w*|sekund\w*|tygod\w*|lat|rok\w*|kont\w*|wnios\w*|zgłosze\w*|wiadomo\w*|wpis\w*|połącze\w*|raz\w*)/,
  pt: /^(créditos?|dias?|linhas?|meses|mês|códigos?|utilizadores?|usuários?|horas?|minutos?|segundos?|semanas?|anos?|contas?|pedidos?|chamados?|mensage(m|ns)|entradas?|ligações|conexões|vezes)\b/,
};

/**
 * Placeholders that hold words, never a number (a server called "{{from}}" before "server"), and
 * `max`: the panel's limits (lines per bulk action, rows per import), fixed numbers far above one.
 */
const WORD_PLACEHOLDERS = new Set([
  'max',
  'from',
  'to',
  'protocol',
  'name',
  'server',
  'packageName',
  'username',
  'email',
  'kind',
  'provider',
  'zone',
]);

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Texts (not plural forms) that write a number placeholder before a counted noun. */
function singleFormCounts(texts: Record<Language, Map<string, string>>): string[] {
  return languages.flatMap((language) =>
    [...texts[language]].flatMap(([key, text]) => {
      if (PLURAL_FORM.test(key)) return [];
      // The API's own English messages are a contract other clients match; their translations count.
      if (language === 'en' && key.startsWith('errors.') && key.slice(7) in errorMessages) return [];
      const found = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}\s+/g)].filter(
        (match) =>
          !WORD_PLACEHOLDERS.has(match[1]!) &&
          COUNTED_NOUNS[language].test(text.slice(match.index + match[0].length)),
      );
      return found.length > 0 ? [`${language}: ${key}: ${text}`] : [];
    }),
  );
}

describe('plural forms', () => {
  it('finds the counted keys in the code (the scan reads real calls)', () => {
    expect(countedKeys(webSrc)).toContain('lines.price.credits');
    expect(countedKeys(serverSrc)).toContain('reminders.title');
  });

  it.each(languages)('%s needs the categories its Intl.PluralRules names', (language) => {
    expect(categories('pl').sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(categories(language)).toContain('other');
  });

  it('every key the web calls with a count has each plural form every language needs', () => {
    expect(missingForms(countedKeys(webSrc), web)).toEqual([]);
  });

  it('every key the server calls with a count has each plural form every language needs', () => {
    expect(missingForms(countedKeys(serverSrc), server)).toEqual([]);
  });

  it('no web text writes a number before a counted noun outside plural forms', () => {
    expect(singleFormCounts(web)).toEqual([]);
  });

  it('no code writes a formatted number before a translated noun (the number goes to t as count)', () => {
    const joined = /\$\{\s*format\w*\([^`]*?\)\s*\}\s+\$\{\s*t\(/;
    const found = sourceFiles(webSrc).filter((file) => joined.test(readFileSync(file, 'utf8')));
    expect(found.map((file) => path.relative(webSrc, file))).toEqual([]);
  });

  it('no server text writes a number before a counted noun outside plural forms', () => {
    expect(singleFormCounts(server)).toEqual([]);
  });

  it('Polish credits read "1 kredyt", "2 kredyty", "10 kredytów" on the web and from the server', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'pl',
      resources: { pl: { translation: await loadTranslation('pl') } },
      interpolation: { escapeValue: false },
    });
    const credits = (count: number) => i18n.t('credits.amount', { count, credits: String(count) });
    expect([1, 2, 4, 5, 10, 22, 25].map(credits)).toEqual([
      '1 kredyt',
      '2 kredyty',
      '4 kredyty',
      '5 kredytów',
      '10 kredytów',
      '22 kredyty',
      '25 kredytów',
    ]);
    const { translate } = await import('../../../server/src/i18n/server-texts');
    const balance = (count: number) =>
      translate('pl', 'notifications.balanceLowContent', { count, balance: count, threshold: 50 });
    expect(balance(10)).toContain('10 kredytów');
    expect(balance(2)).toContain('2 kredyty');
    expect(balance(1)).toContain('1 kredyt');
  });
});
