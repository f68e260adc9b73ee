// Flat config. The rule set is small and spent on boundaries (docs/architecture.md):
// web and api never import each other, contracts imports only zod, process.env is read only in
// config/env.ts, and Capacitor plugins are reached only through apps/web/src/lib/native.
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { apiBoundaries } from './apps/api/eslint.boundaries.js'

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/api/drizzle/**',
      'apps/web/android/**',
      'apps/web/ios/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    // Cycles are checked among our own files only; parsing dependencies is slow and pointless.
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-warning-comments': ['error', { terms: ['fixme'], location: 'start' }],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|zod/|\\.{1,2}/|vitest$).*',
              message: 'contracts is a leaf package: it may import zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@barrio/web', '@barrio/web/*', '**/apps/web/**', '**/web/src/**'],
              message: 'The API never imports the web app; share through @barrio/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/config/env.ts', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration from config/env.ts, the only reader of process.env.',
        },
      ],
    },
  },
  // API layers and modules (docs/architecture.md, decision 014): zones in apps/api/eslint.boundaries.js.
  apiBoundaries,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@barrio/api', '@barrio/api/*', '**/apps/api/**', '**/api/src/**'],
              message: 'The web app never imports the API; share through @barrio/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/native/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@barrio/api', '@barrio/api/*', '**/apps/api/**', '**/api/src/**'],
              message: 'The web app never imports the API; share through @barrio/contracts.',
            },
            {
              group: ['@capacitor/*', '!@capacitor/core'],
              message: 'Call native plugins only through src/lib/native/* wrappers that also work on the web.',
            },
          ],
        },
      ],
    },
  },
)
