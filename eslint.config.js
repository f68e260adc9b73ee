// Flat config. The rule set is small and spent on boundaries (docs/architecture.md):
// web and api never import each other, contracts imports only zod, process.env is read only in
// config/env.ts, and Capacitor plugins are reached only through apps/web/src/lib/native.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { apiBoundaries } from './apps/api/eslint.boundaries.js'

// Web layers (apps/web/README.md, docs/architecture.md): app/ composes features; a feature uses
// api/ (the endpoints, decision 034), components/, lib/, config/ and contracts, never another
// feature or app/; api/ uses lib/ and contracts only; components/, lib/ and
// config/ never import features or app/. Imports are resolved (the `@/` alias included) so the
// zones see through aliases and relative paths alike.
// API syntax rules, shared by the blocks below (a later block's no-restricted-syntax replaces an
// earlier one's, so each block lists them all).
const processEnvRule = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration from config/env.ts, the only reader of process.env.',
}
// One way to place an order (issue 23, decision 041): only ordersService.place writes orders.
const ordersWrittenByPlaceRule = {
  selector:
    "CallExpression[callee.property.name='insert'][arguments.0.name=/^(orders|orderItems)$/]",
  message:
    'Orders are written by ordersService.place only (decision 041): build a draft and call it.',
}

const transactionRule = {
  selector: "CallExpression[callee.property.name='transaction']",
  message:
    'Services own transactions: take `tx: Tx` as a parameter and let the service call db.transaction.',
}

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url))
const webFeatures = readdirSync(`${webSrc}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const webLayerZones = [
  ...webFeatures.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message:
      'A feature must not import another feature: move the shared piece to components/ or lib/, ' +
      'or let app/ compose both (pass one in as a prop or slot).',
  })),
  {
    target: `${webSrc}/features`,
    from: `${webSrc}/app`,
    message:
      'Features must not import app/: app/ composes features. Take what you need as props, or ' +
      'move the shared piece to components/ or lib/ (a test that renders a route page belongs in app/).',
  },
  {
    target: `${webSrc}/components`,
    from: `${webSrc}/features`,
    message:
      'Shared UI in components/ must not import a feature: pass it in from app/ (a slot prop) or ' +
      'move it to components/.',
  },
  {
    target: [`${webSrc}/components`, `${webSrc}/lib`, `${webSrc}/config`],
    from: `${webSrc}/app`,
    message:
      'components/, lib/ and config/ must not import app/: app/ is the top layer. Pass it in as a ' +
      'prop, or move the shared piece down to components/ or lib/.',
  },
  {
    target: `${webSrc}/api`,
    from: [`${webSrc}/features`, `${webSrc}/app`, `${webSrc}/components`],
    message:
      'src/api (one module per endpoint, decision 034) sits below features, components/ and app/: ' +
      'take what the call needs as arguments; keep screen code in the feature.',
  },
  {
    target: [`${webSrc}/lib`, `${webSrc}/config`],
    from: `${webSrc}/api`,
    message:
      'lib/ and config/ must not import src/api: endpoints build on lib/ (the http client), not the ' +
      'other way round. Let a feature or app/ make the call.',
  },
  {
    target: [`${webSrc}/lib`, `${webSrc}/config`],
    from: `${webSrc}/features`,
    message:
      'lib/ and config/ must not import a feature: move the piece you need into lib/, or take it ' +
      'as an argument and let the feature or app/ pass it.',
  },
]

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
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
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
    ignores: [
      'apps/api/src/config/env.ts',
      'apps/api/src/**/*.test.ts',
      // The two writers of orders (decision 041): placement and the demo's history import.
      'apps/api/src/modules/orders/orders.repository.ts',
      'apps/api/src/seed/demo-seed.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', processEnvRule, ordersWrittenByPlaceRule],
    },
  },
  {
    // Services own transactions (docs/architecture.md): a repository runs in the `tx` it is given.
    // Repeats the selectors above: a later block's options replace the earlier ones.
    files: ['apps/api/src/modules/**/*.repository.ts'],
    ignores: ['apps/api/src/modules/orders/orders.repository.ts'],
    rules: {
      'no-restricted-syntax': ['error', processEnvRule, ordersWrittenByPlaceRule, transactionRule],
    },
  },
  {
    // The two writers of orders keep the other rules (decision 041).
    files: ['apps/api/src/modules/orders/orders.repository.ts'],
    rules: { 'no-restricted-syntax': ['error', processEnvRule, transactionRule] },
  },
  {
    files: ['apps/api/src/seed/demo-seed.ts'],
    rules: { 'no-restricted-syntax': ['error', processEnvRule] },
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
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          alias: { '@': [webSrc] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones }],
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
              message:
                'Call native plugins only through src/lib/native/* wrappers that also work on the web.',
            },
          ],
        },
      ],
      // no-restricted-imports sees static imports only: a plugin loaded with import() is refused too.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/^@capacitor\\u002F(?!core$)/]',
          message:
            'Call native plugins only through src/lib/native/* wrappers that also work on the web.',
        },
      ],
    },
  },
)
