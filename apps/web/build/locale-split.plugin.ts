import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { firstTextSections, shellAreaSections, shellAreas } from '../src/i18n/first-texts';

type Tree = { [key: string]: unknown };
export type TextsPart = 'first' | 'rest';
export type AreaPart = 'shell' | 'pages';

/** `locales/<language>.json?part=first|rest`: the core file. */
const CORE_PART = /\/src\/i18n\/locales\/\w+\.json\?part=(first|rest)$/;
/** `locales/<area>/<language>.json?part=shell|pages`: an area's file. */
const AREA_PART = /\/src\/i18n\/locales\/([\w-]+)\/\w+\.json\?part=(shell|pages)$/;

/** The core file's sections the first page needs, and all the others. */
export function splitTexts(tree: Tree, firstSections: readonly string[] = firstTextSections) {
  const first: Tree = {};
  const rest: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    (firstSections.includes(key) ? first : rest)[key] = value;
  }
  return { first, rest } satisfies Record<TextsPart, Tree>;
}

/** An area's sections the signed-in shell and the dashboard show (all of a shell area), and the others. */
export function splitAreaTexts(area: string, tree: Tree) {
  const shell: Tree = {};
  const pages: Tree = {};
  const whole = (shellAreas as readonly string[]).includes(area);
  for (const [key, value] of Object.entries(tree)) {
    (whole || (shellAreaSections as readonly string[]).includes(key) ? shell : pages)[key] = value;
  }
  return { shell, pages } satisfies Record<AreaPart, Tree>;
}

function jsonModule(tree: Tree) {
  // Rolldown takes a queried id for JavaScript, so the part is a module of its own.
  const json = JSON.stringify(tree);
  return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
}

/**
 * Serves a core locale file as two JSON modules (`?part=first`, `?part=rest`) and an area's file as
 * two (`?part=shell`, `?part=pages`), so the sign-in page and the dashboard download only their own
 * texts first while the locale files stay one per language (and per area) for the people who edit them.
 */
export function localeSplitPlugin(): Plugin {
  return {
    name: 'linedesk-locale-split',
    enforce: 'pre',
    async load(id) {
      const core = CORE_PART.exec(id);
      const area = core ? null : AREA_PART.exec(id);
      if (!core && !area) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const tree = JSON.parse(await readFile(file, 'utf8')) as Tree;
      if (core) return jsonModule(splitTexts(tree)[core[1] as TextsPart]);
      return jsonModule(splitAreaTexts(area![1]!, tree)[area![2] as AreaPart]);
    },
  };
}
