import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
  {
    // Shared UI must never reach into a feature (Twenty's rule), nor into routes/, which imports every
    // feature.
    files: ['apps/web/src/components/**', 'apps/web/src/layouts/**', 'apps/web/src/theme/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/routes/**'] }] },
  },
  {
    // Features sit below the router: routes/ imports every feature, so a feature reading routes/ would
    // make a cycle. Addresses and the lazy page loader live in lib/.
    files: ['apps/web/src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/routes/**'] }] },
  },
);
