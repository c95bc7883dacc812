import type { Language } from '@linedesk/shared';
import type { TextsPart, Tree } from './text-parts';

// Loaders of the texts beyond the sign-in page's: the rest of the core file, and each area's file in
// what the signed-in shell and the dashboard show (`?part=shell`) and the rest (`?part=pages`); see
// build/locale-split.plugin.ts and first-texts.ts.
const coreRest = import.meta.glob<Tree>('./locales/*.json', { query: '?part=rest', import: 'default' });
const areaShell = import.meta.glob<Tree>('./locales/*/*.json', { query: '?part=shell', import: 'default' });
const areaPages = import.meta.glob<Tree>('./locales/*/*.json', { query: '?part=pages', import: 'default' });

function ofLanguage(files: Record<string, () => Promise<Tree>>, language: Language) {
  return Object.entries(files)
    .filter(([file]) => file.endsWith(`/${language}.json`))
    .map(([, load]) => load);
}

export function laterTextLoaders(language: Language, part: Exclude<TextsPart, 'first'>) {
  return part === 'rest'
    ? [coreRest[`./locales/${language}.json`]!, ...ofLanguage(areaShell, language)]
    : ofLanguage(areaPages, language);
}
