import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The web layer zones of eslint.config.js, run through ESLint's Node API on fabricated files (they
// need not exist: only what they import must). The imported files below are real.
const repoRoot = `${path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')}/`
const RULE = 'import-x/no-restricted-paths'

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot })
})

async function zoneErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` })
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE)
}

describe('web layers are enforced by ESLint', () => {
  it('refuses shared UI in components/ that imports a feature, and says to pass it in from app/', async () => {
    const errors = await zoneErrors(
      'apps/web/src/components/layouts/probe-header.tsx',
      "import { CartButton } from '@/features/cart/components/cart-button'\n\nexport const Probe = CartButton\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]?.message).toContain(
      'Shared UI in components/ must not import a feature: pass it in from app/ (a slot prop)',
    )
  })

  it('refuses a feature that imports another feature, by alias or by relative path', async () => {
    const byAlias = await zoneErrors(
      'apps/web/src/features/auth/components/probe.tsx',
      "import { VerifyEmailView } from '@/features/account/components/verify-email-view'\n\nexport const probe = VerifyEmailView\n",
    )
    const byRelativePath = await zoneErrors(
      'apps/web/src/features/auth/components/probe.tsx',
      "import { VerifyEmailView } from '../../account/components/verify-email-view'\n\nexport const probe = VerifyEmailView\n",
    )
    for (const errors of [byAlias, byRelativePath]) {
      expect(errors).toHaveLength(1)
      expect(errors[0]?.message).toContain('A feature must not import another feature')
    }
  })

  it('refuses a feature that imports app/ (tests that render route pages belong in app/)', async () => {
    const errors = await zoneErrors(
      'apps/web/src/features/admin-orders/components/probe.test.tsx',
      "import { AdminOrderPage } from '@/app/routes/admin/orders'\n\nexport const probe = AdminOrderPage\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]?.message).toContain('Features must not import app/')
  })

  it('refuses lib/ importing a feature or app/', async () => {
    const errors = await zoneErrors(
      'apps/web/src/lib/probe.ts',
      [
        "import { VerifyEmailView } from '@/features/account/components/verify-email-view'",
        "import { theme } from '@/app/theme'",
        '',
        'export const probe = [VerifyEmailView, theme]',
        '',
      ].join('\n'),
    )
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('lib/ and config/ must not import a feature'),
      expect.stringContaining('components/, lib/ and config/ must not import app/'),
    ])
  })

  it('refuses src/api importing a feature, components/ or app/ (endpoints sit below them)', async () => {
    const errors = await zoneErrors(
      'apps/web/src/api/admin/probe/get-probe.ts',
      [
        "import { CartButton } from '@/features/cart/components/cart-button'",
        "import { ErrorPage } from '@/components/errors/error-page'",
        "import { theme } from '@/app/theme'",
        '',
        'export const probe = [CartButton, ErrorPage, theme]',
        '',
      ].join('\n'),
    )
    expect(errors).toHaveLength(3)
    for (const error of errors) {
      expect(error.message).toContain('src/api (one module per endpoint, decision 034) sits below')
    }
  })

  it('refuses lib/ importing src/api, and lets features, app/ and src/api itself use it', async () => {
    const lib = await zoneErrors(
      'apps/web/src/lib/probe.ts',
      "import { adminKeys } from '@/api/query-keys'\n\nexport const probe = adminKeys\n",
    )
    expect(lib).toHaveLength(1)
    expect(lib[0]?.message).toContain('lib/ and config/ must not import src/api')

    const users = await Promise.all(
      [
        'apps/web/src/features/admin-orders/components/probe.tsx',
        'apps/web/src/app/routes/admin/probe.tsx',
        'apps/web/src/api/admin/orders/probe.ts',
      ].map((filePath) =>
        zoneErrors(
          filePath,
          [
            "import { useAdminOrder } from '@/api/admin/orders/get-order'",
            "import { adminKeys } from '@/api/query-keys'",
            '',
            'export const probe = [useAdminOrder, adminKeys]',
            '',
          ].join('\n'),
        ),
      ),
    )
    expect(users).toEqual([[], [], []])
  })

  it('lets a feature use its own files, components/, lib/ and contracts, and app/ compose features', async () => {
    const feature = await zoneErrors(
      'apps/web/src/features/cart/components/probe.tsx',
      [
        "import { ORDER_STATUS_LABELS } from '@barrio/contracts/labels-es'",
        '',
        "import { ErrorPage } from '@/components/errors/error-page'",
        "import { CartButton } from '@/features/cart/components/cart-button'",
        "import { useAppStore } from '@/lib/app-store'",
        '',
        'export const probe = [ORDER_STATUS_LABELS, ErrorPage, CartButton, useAppStore]',
        '',
      ].join('\n'),
    )
    const app = await zoneErrors(
      'apps/web/src/app/probe.tsx',
      [
        "import { CartButton } from '@/features/cart/components/cart-button'",
        "import { VerifyEmailView } from '@/features/account/components/verify-email-view'",
        '',
        'export const probe = [CartButton, VerifyEmailView]',
        '',
      ].join('\n'),
    )
    expect(feature).toEqual([])
    expect(app).toEqual([])
  })
})
