import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { homeQueries, prefetchHomeQueries } from '@/api/customer/catalog/home-queries'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { forgetIndexScripts, rememberPointForIndexHtml, runIndexScript } from '@/testing/index-html'

const POINT = { lat: -34.5889, lng: -58.4301 }
const ADDRESS_ID = '5e0b7c1a-3c1d-4b8e-9a57-1f2d3c4b5a69'
const storesPage = { docs: [{ _id: 's1', coverUrl: '/uploads/cover-1.webp' }], totalDocs: 1 }
const productsPage = { docs: [{ _id: 'p1' }], totalDocs: 1 }

function runEarlyScript(answers: Record<string, unknown>) {
  const urls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url)
      const body = Object.entries(answers).find(([prefix]) => url.startsWith(prefix))?.[1]
      return body === undefined
        ? { ok: false, json: async () => ({}) }
        : { ok: true, json: async () => body }
    }),
  )
  runIndexScript('__barrioHome')
  return urls
}

const rememberPoint = (addressId = ADDRESS_ID) =>
  rememberPointForIndexHtml(POINT, ADDRESS_ID, addressId)

/** The URLs the app itself asks for the home page (axios, with its params). */
async function appUrls(): Promise<string[]> {
  const urls: string[] = []
  http.defaults.adapter = createFakeAdapter(({ config }) => {
    urls.push(http.getUri(config).replace(/^https?:\/\/[^/]+/, ''))
    return { status: 200, data: { docs: [], totalDocs: 0 } }
  })
  const client = new QueryClient()
  const { stores, products } = homeQueries(POINT)
  await client.fetchQuery(stores)
  await client.fetchQuery(products)
  return urls
}

afterEach(() => {
  vi.unstubAllGlobals()
  forgetIndexScripts()
  delete window.__barrioHome
  window.localStorage.clear()
  document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove())
})

describe('the home page’s lists asked for by index.html', () => {
  test('asks for exactly what the app would ask, and preloads the first shop’s cover', async () => {
    rememberPoint()
    const early = runEarlyScript({ '/api/v1/stores': storesPage, '/api/v1/products': productsPage })
    expect(early).toEqual(await appUrls())
    expect(await window.__barrioHome?.stores).toEqual(storesPage)
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')).toHaveAttribute(
        'href',
        '/uploads/cover-1.webp',
      ),
    )
  })

  test('draws the first shop’s cover in the shell’s first card, in the card’s cover box', async () => {
    document.body.innerHTML =
      '<div id="app-shell"><div class="shell-grid"><div class="shell-card"></div><div class="shell-card"></div></div></div>'
    rememberPoint()
    runEarlyScript({ '/api/v1/stores': storesPage, '/api/v1/products': productsPage })
    await vi.waitFor(() =>
      expect(document.querySelector('.shell-card img.shell-cover')).toHaveAttribute(
        'src',
        '/uploads/cover-1.webp',
      ),
    )
    const [first, second] = document.querySelectorAll('.shell-card')
    expect(first).toHaveClass('has-cover')
    expect(second?.querySelector('img')).toBeNull()
    document.body.innerHTML = ''
  })

  test('a first shop without a cover lets the app start at once, not after the 2 s cap', async () => {
    // The 2 s cap never fires here, so the gate can only open because the script opened it.
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      rememberPoint()
      runEarlyScript({ '/api/v1/stores': { docs: [{ _id: 's1' }], totalDocs: 1 } })
      await expect(Reflect.get(window, '__barrioShellPaint')).resolves.toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  test('a point remembered for another address asks nothing', () => {
    rememberPoint('another-address')
    expect(runEarlyScript({})).toEqual([])
    expect(window.__barrioHome).toBeUndefined()
  })

  test('the app fills its cache from the early answers without asking again', async () => {
    rememberPoint()
    runEarlyScript({ '/api/v1/stores': storesPage, '/api/v1/products': productsPage })
    const adapter = createFakeAdapter(() => ({ status: 500 }))
    http.defaults.adapter = adapter
    const client = new QueryClient()
    prefetchHomeQueries(client, POINT)
    const { stores, products } = homeQueries(POINT)
    await vi.waitFor(() => expect(client.getQueryData(stores.queryKey)).toEqual(storesPage))
    await vi.waitFor(() => expect(client.getQueryData(products.queryKey)).toEqual(productsPage))
    expect(adapter.calls).toEqual([])
    expect(window.__barrioHome).toBeUndefined()
  })

  test('a failed early request is asked again by the app', async () => {
    rememberPoint()
    runEarlyScript({ '/api/v1/products': productsPage })
    const fresh = { docs: [{ _id: 's2' }], totalDocs: 1 }
    const adapter = createFakeAdapter(() => ({ status: 200, data: fresh }))
    http.defaults.adapter = adapter
    const client = new QueryClient()
    prefetchHomeQueries(client, POINT)
    const { stores } = homeQueries(POINT)
    await vi.waitFor(() => expect(client.getQueryData(stores.queryKey)).toEqual(fresh))
    expect(adapter.calls.map((c) => c.url)).toEqual(['/stores'])
  })
})
