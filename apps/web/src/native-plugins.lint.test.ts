import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// "Capacitor plugins are reached only through src/lib/native" (docs/architecture.md, decision 028),
// run through ESLint's Node API on fabricated files: a static import and an import() alike.
const repoRoot = `${path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')}/`
const MESSAGE = 'Call native plugins only through src/lib/native/* wrappers'

let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot })
})

async function nativeErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` })
  return (result?.messages ?? []).filter((message) => message.message.includes(MESSAGE))
}

describe('Capacitor plugins only through lib/native', () => {
  it('refuses a plugin imported statically outside lib/native', async () => {
    const errors = await nativeErrors(
      'apps/web/src/features/auth/components/probe.ts',
      "import { Browser } from '@capacitor/browser'\n\nexport const probe = Browser\n",
    )
    expect(errors.map((error) => error.ruleId)).toEqual(['no-restricted-imports'])
  })

  it('refuses a plugin loaded with import() outside lib/native', async () => {
    const errors = await nativeErrors(
      'apps/web/src/features/auth/components/probe.ts',
      "export async function probe() {\n  const { Browser } = await import('@capacitor/browser')\n  return Browser\n}\n",
    )
    expect(errors.map((error) => error.ruleId)).toEqual(['no-restricted-syntax'])
  })

  it('lets lib/native load plugins with import(), and anyone load @capacitor/core', async () => {
    const native = await nativeErrors(
      'apps/web/src/lib/native/probe.ts',
      "export async function probe() {\n  const { Browser } = await import('@capacitor/browser')\n  return Browser\n}\n",
    )
    const core = await nativeErrors(
      'apps/web/src/features/auth/components/probe.ts',
      "export async function probe() {\n  const { Capacitor } = await import('@capacitor/core')\n  return Capacitor\n}\n",
    )
    expect(native).toEqual([])
    expect(core).toEqual([])
  })
})
