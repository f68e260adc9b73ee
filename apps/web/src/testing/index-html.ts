import { readFileSync } from 'node:fs'
import path from 'node:path'

const indexHtml = path.resolve(__dirname, '../../index.html')

function inlineScripts(): string[] {
  const html = readFileSync(indexHtml, 'utf8')
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
}

function scriptWith(marker: string, scripts = inlineScripts()): string {
  const script = scripts.find((s) => s.includes(marker))
  if (!script) throw new Error(`index.html has no inline script that mentions ${marker}`)
  return script
}

/**
 * Runs index.html's inline script that mentions `marker`, as the browser would: after the first
 * inline script, which defines what the others call (the shell-paint gate `__barrioShellGate`).
 * Running the marked script alone would throw inside its try/catch and silently do nothing.
 */
export function runIndexScript(marker: string): void {
  const scripts = inlineScripts()
  new Function(scriptWith('__barrioShellGate = function', scripts))()
  new Function(scriptWith(marker, scripts))()
}

/** Forgets what index.html's inline scripts left on window between tests. */
export function forgetIndexScripts(): void {
  for (const name of [
    '__barrioShellGate',
    '__barrioWhenPainted',
    '__barrioProductPhoto',
    '__barrioShellPaint',
    '__barrioAdminStores',
    '__barrioSameOrigin',
    '__barrioSavedUser',
    '__barrioEarlyJson',
    '__barrioSearchHeading',
  ]) {
    Reflect.deleteProperty(window, name)
  }
}

/**
 * The selected address as index.html's early scripts read it from the device: its id, and the
 * point remembered for `pointOf` (another id: a point left from an address no longer selected).
 */
export function rememberPointForIndexHtml(
  point: { lat: number; lng: number },
  selectedId: string,
  pointOf = selectedId,
): void {
  window.localStorage.setItem('barrio.selectedAddress', selectedId)
  window.localStorage.setItem(
    'barrio.selectedAddressPoint',
    JSON.stringify({ addressId: pointOf, ...point, line: 'Gurruchaga 1723, CABA' }),
  )
}
