import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** The portal's import rule for files `depth` folders below apps/web/src (see its use below). */
function portalImports(files, depth) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@mui/*',
                '@emotion/*',
                'react-router',
                'react-i18next',
                'i18next',
                '@tanstack/*',
                'zod',
              ],
              message: 'The customer portal is plain React and CSS (apps/web/src/portal).',
            },
            {
              regex: `^(\\.\\./){${depth},}(features|routes|components|layouts|theme)(/|$)`,
              message:
                "The customer portal reuses only the panel's lib/ and i18n/ helpers that need no UI library.",
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/drizzle/**', '**/.test-data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use string-literal unions.' },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // Tests read JSON bodies of many shapes; typing each would only restate the assertions.
    files: ['**/test/**/*.ts', '**/*.test.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Which folder may import which (shared UI never a feature, features never routes/, no loops…) is
  // held by dependency-cruiser: .dependency-cruiser.mjs, `npm run lint:deps`.
  // The customer portal (portal.html, built on its own by vite.portal.config.ts) is a page a phone
  // downloads whole before it shows: it never imports the panel's UI library, router, i18n or query
  // client, nor the panel's features, shell, layouts or theme, which are built on them
  // (bench/portal-bench.ts holds its first load to 100 KB gzip). Its own folders have the same names
  // (components/, …), so the panel's are told apart by how far up the path climbs.
  portalImports(['apps/web/src/portal/*.{ts,tsx}'], 1),
  portalImports(['apps/web/src/portal/*/**'], 2),
);
