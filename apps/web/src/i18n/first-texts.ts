/**
 * The top-level sections of the core locale file that the first page (sign-in) shows: its own texts,
 * field labels, validation and error messages, the language menu. They download with the app; the
 * rest of the core file and every area's file come with the first lazily loaded page
 * (`lib/lazy-page.ts`). vite.config.ts splits the core file by this list.
 */
export const firstTextSections = ['language', 'common', 'fields', 'validation', 'auth', 'errors'] as const;

/**
 * The areas (`locales/<area>/<language>.json`) the signed-in shell and the dashboard show whole: they
 * come with the rest of the core file (`locale-rest-<language>`). Of every other area only the
 * sections in `shellAreaSections` come then (the menu's entries, error messages, the admin's first-run
 * guide on the dashboard); the remainder
 * (`locale-pages-<language>`) comes with the first page beyond the dashboard, or a second after the
 * shell has shown (`routes/dashboard-shell.tsx`).
 */
export const shellAreas = ['insights', 'line-connections', 'ecm-stats', 'messages'] as const;
export const shellAreaSections = ['nav', 'errors', 'setupGuide'] as const;
