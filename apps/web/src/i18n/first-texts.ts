/**
 * The top-level sections of the core locale file that the first page (sign-in) shows: its own texts,
 * field labels, validation and error messages, the language menu. They download with the app; the
 * rest of the core file and every area's file come with the first lazily loaded page
 * (`routes/lazy-page.ts`). vite.config.ts splits the core file by this list.
 */
export const firstTextSections = ['language', 'common', 'fields', 'validation', 'auth', 'errors'] as const;
