import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { firstTextSections } from '../src/i18n/first-texts';

type Tree = { [key: string]: unknown };
export type TextsPart = 'first' | 'rest';

/** `locales/<language>.json?part=first|rest`: the core file only (area files load whole). */
const CORE_PART = /\/src\/i18n\/locales\/\w+\.json\?part=(first|rest)$/;

/** The core file's sections the first page needs, and all the others. */
export function splitTexts(tree: Tree, firstSections: readonly string[] = firstTextSections) {
  const first: Tree = {};
  const rest: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    (firstSections.includes(key) ? first : rest)[key] = value;
  }
  return { first, rest } satisfies Record<TextsPart, Tree>;
}

/**
 * Serves a core locale file as two JSON modules (`?part=first`, `?part=rest`), so the sign-in page
 * downloads only its own texts while the locale files stay one per language for the people who edit
 * them.
 */
export function localeSplitPlugin(): Plugin {
  return {
    name: 'linedesk-locale-split',
    enforce: 'pre',
    async load(id) {
      const part = CORE_PART.exec(id)?.[1] as TextsPart | undefined;
      if (!part) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const tree = JSON.parse(await readFile(file, 'utf8')) as Tree;
      // Rolldown takes a queried id for JavaScript, so the part is a module of its own.
      const json = JSON.stringify(splitTexts(tree)[part]);
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
    },
  };
}
