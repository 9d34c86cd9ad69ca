import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import vitrine from './scripts/eslint/no-import-cycle.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts', 'bench/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    // No line over 160 characters (issue 28 §5): prettier wraps code at 120 but leaves long strings, template
    // literals and comments as they are. max-len is deprecated in ESLint's core but works; only the generated
    // table file is exempt.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['packages/server/src/db/schema/tables.ts'],
    rules: { 'max-len': ['error', { code: 160, ignoreUrls: true }] },
  },
  {
    // No import cycles between files, nor between the server's domain areas (scripts/eslint).
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { vitrine },
    rules: { 'vitrine/no-import-cycle': 'error' },
  },
  {
    files: ['packages/{web,screen,player}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Every query key comes from the factory (api/keys.ts), so an invalidation names what it means.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    // (the workflow table keeps its page in the address, so it pages on its own)
    ignores: [
      'packages/web/src/api/keys.ts',
      'packages/web/src/components/LifecycleTable/LifecycleTable.tsx',
      '**/*.test.{ts,tsx}',
      'packages/web/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Take query keys from the factory in api/keys.ts.',
        },
        {
          selector: "JSXAttribute[name.name='pagination'] Property[key.name='current']",
          message: 'A paged list takes its page, query and table props from usePaged (components/PagedTable).',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', Blob: 'readonly' },
    },
  },
);
