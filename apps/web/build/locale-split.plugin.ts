import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { firstTextSections, shellAreaSections, shellAreas } from '../src/i18n/first-texts.ts';
import { portalTextPaths } from '../src/portal/lib/portal-text-keys.ts';

type Tree = { [key: string]: unknown };
export type TextsPart = 'first' | 'rest';
export type AreaPart = 'shell' | 'pages';

/** `locales/<language>.json?part=first|rest`: the core file. */
const CORE_PART = /\/src\/i18n\/locales\/\w+\.json\?part=(first|rest)$/;
/** `locales/<area>/<language>.json?part=shell|pages`: an area's file. */
const AREA_PART = /\/src\/i18n\/locales\/([\w-]+)\/\w+\.json\?part=(shell|pages)$/;
/** `locales/[<area>/]<language>.json?part=portal`: what the customer portal shows of any locale file. */
const PORTAL_PART = /\/src\/i18n\/locales\/(?:[\w-]+\/)?\w+\.json\?part=portal$/;

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

/** Only the keys at `paths` (dotted; a path takes its whole subtree) that the tree has. */
export function pickTexts(tree: Tree, paths: readonly string[] = portalTextPaths): Tree {
  const picked: Tree = {};
  for (const dotted of paths) {
    const keys = dotted.split('.');
    let source: unknown = tree;
    for (const key of keys) source = (source as Tree | undefined)?.[key];
    if (source === undefined) continue;
    let target = picked;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Tree;
    target[keys.at(-1)!] = source;
  }
  return picked;
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
 * Any of them as `?part=portal` is only what the customer portal shows of it (`portal-text-keys.ts`).
 */
export function localeSplitPlugin(): Plugin {
  return {
    name: 'linedesk-locale-split',
    enforce: 'pre',
    async load(id) {
      const core = CORE_PART.exec(id);
      const area = core ? null : AREA_PART.exec(id);
      const portal = PORTAL_PART.test(id);
      if (!core && !area && !portal) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const tree = JSON.parse(await readFile(file, 'utf8')) as Tree;
      if (portal) return jsonModule(pickTexts(tree));
      if (core) return jsonModule(splitTexts(tree)[core[1] as TextsPart]);
      return jsonModule(splitAreaTexts(area![1]!, tree)[area![2] as AreaPart]);
    },
  };
}
