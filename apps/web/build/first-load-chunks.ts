/**
 * Groups the code every page needs before it shows into two chunks instead of the dozens of small
 * shared chunks automatic splitting makes of it (a module shared by the entry and by lazy pages
 * becomes a chunk of its own, often under 1 KB). Over a phone's network each extra file costs a round
 * trip on one of the browser's six connections: the dashboard used to wait for some 120 scripts.
 *
 * - `core`: everything the entry imports statically (the sign-in page, React, the theme, i18n).
 * - `shell`: what every signed-in page needs on top of that: the given roots (the routes table, the
 *   signed-in shell, the dashboard as the first page after signing in) and what they use. Rolldown
 *   follows only the imports that survive tree-shaking, so a module the shell imports but never runs
 *   (a contract read by type alone) stays with the lazy pages that do run it.
 *
 * Lazy parts (charts, grids, dialogs, other pages) keep their own chunks.
 */
export function firstLoadChunkGroups(shellRoots: RegExp[]) {
  return [
    { name: 'core', tags: ['$initial' as const], priority: 2 },
    { name: 'shell', test: (id: string) => shellRoots.some((root) => root.test(id)), priority: 1 },
  ];
}
