import { describe, expect, test } from 'vitest'

import {
  createGoogleMapsLoader,
  type GoogleMapsApi,
  type MapsWindow,
} from '@/lib/maps/google-maps-loader'

const fakeMaps = { places: { PlacesService: class {} } } as unknown as GoogleMapsApi

function scripts() {
  return [...document.querySelectorAll<HTMLScriptElement>('script[src*="maps.googleapis.com"]')]
}

describe('the Google Maps loader (a fake window; the real script is never fetched)', () => {
  test('outside a browser it rejects', async () => {
    const load = createGoogleMapsLoader({ apiKey: 'k', win: null, doc: null })
    await expect(load()).rejects.toThrow('google-maps is supported only in browser environment')
  })

  test('loads the script once with the places library in Spanish and resolves when ready', async () => {
    const win: MapsWindow = {}
    const load = createGoogleMapsLoader({ apiKey: 'clave', win, doc: document })
    const first = load()
    const second = load()
    expect(second).toBe(first)

    const [script, ...others] = scripts()
    expect(others).toHaveLength(0)
    const url = new URL(script!.src)
    expect(url.searchParams.get('key')).toBe('clave')
    expect(url.searchParams.get('libraries')).toBe('places')
    expect(url.searchParams.get('language')).toBe('es')

    win.google = { maps: fakeMaps }
    win.__barrioGoogleMapsReady?.()
    await expect(first).resolves.toBe(fakeMaps)
    script!.remove()
  })

  test('an authentication failure rejects, now and on later calls', async () => {
    const win: MapsWindow = {}
    const load = createGoogleMapsLoader({ apiKey: 'mala', win, doc: document })
    const pending = load()
    win.gm_authFailure?.()
    await expect(pending).rejects.toThrow('google-maps: authentication error')
    await expect(load()).rejects.toThrow('google-maps: authentication error')
    for (const script of scripts()) script.remove()
  })
})
