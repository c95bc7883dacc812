import { isLanguage, type Language } from '@linedesk/shared';
import de from './de.json';
import en from './en.json';
import pl from './pl.json';
import pt from './pt.json';

/**
 * What the server writes to people (messages, mails) in each language. The English file is the
 * reference: its keys are the ones the code may ask for, and a unit test holds the other three to
 * the same keys, plural forms and `{{params}}`. The format is i18next's (nested keys, `{{name}}`,
 * `_one`/`_few`/`_many`/`_other` chosen by `count`), the same the web's locale files use.
 */
type Tree = { [key: string]: string | Tree };

export const serverTexts: Record<Language, Tree> = { en, de, pl, pt };

/** The panel's language for an account that never chose one (the web's default too). */
export const DEFAULT_SERVER_LANGUAGE: Language = 'en';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K extends `${infer Base}_${'one' | 'other'}` ? Base : K}`
    : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key the English file has, plural forms named once by their base key. */
export type ServerTextKey = Leaves<typeof en>;

export type TextParams = Record<string, string | number>;

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

/**
 * The params that are amounts (credits, lines, minutes), written as the reader's language writes
 * numbers (1,250 / 1.250 / 1 250). Ids and codes (a ticket's #1234) are not amounts and stay as
 * they are.
 */
const QUANTITIES = new Set([
  'count',
  'total',
  'balance',
  'threshold',
  'credits',
  'refunded',
  'failures',
  'minutes',
  'days',
  'price',
  'required',
  'available',
]);

function formatQuantity(language: Language, value: number): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
}

function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** Whatever a row holds (an old row, a hand-edited one) reads as a language we have. */
export function toLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_SERVER_LANGUAGE;
}

/**
 * The text for `key` in `language`, with its `{{params}}` filled. A key that takes `count` is looked
 * up by the language's plural form first (`title_few` in Polish), then `_other`.
 */
export function translate(language: Language, key: ServerTextKey, params: TextParams = {}): string {
  const tree = serverTexts[language];
  const count = params.count;
  const text =
    (typeof count === 'number'
      ? (lookup(tree, `${key}_${pluralCategory(language, count)}`) ?? lookup(tree, `${key}_other`))
      : undefined) ??
    lookup(tree, key) ??
    lookup(serverTexts[DEFAULT_SERVER_LANGUAGE], key) ??
    key;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' && QUANTITIES.has(name)
      ? formatQuantity(language, value)
      : String(value);
  });
}
