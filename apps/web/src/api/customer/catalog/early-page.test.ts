import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { catalogPageParams, prefetchEarlyPage } from '@/api/customer/catalog/early-page'
import { getProductQueryOptions } from '@/api/customer/catalog/get-product'
import { getStoreQueryOptions } from '@/api/customer/catalog/get-store'
import { ApiError } from '@/lib/http/api-error'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { forgetIndexScripts, runIndexScript } from '@/testing/index-html'

const store = { _id: 's1', handle: 'tostadero-soho', coverUrl: '/uploads/cover-s1.webp' }
const product = {
  _id: 'p1',
  handle: 'cafe',
  media: [
    { mediaId: 'm2', position: 1, url: '/uploads/second.webp', width: 800, height: 800 },
    {
      mediaId: 'm1',
      position: 0,
      url: '/uploads/first.webp',
      thumbUrl: '/uploads/first-400.webp',
      width: 1200,
      height: 1200,
    },
  ],
}

/** An error answer to index.html's request: its status and JSON body. */
class ErrorAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

function runPageScript(pathname: string, answers: Record<string, unknown>) {
  window.history.replaceState(null, '', pathname)
  document.body.innerHTML =
    '<div id="app-shell"><div class="shell-main"><div class="shell-media"></div><div class="shell-title"></div></div></div>'
  const urls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url)
      const body = answers[url]
      if (body instanceof ErrorAnswer) {
        return { ok: false, status: body.status, json: async () => body.body }
      }
      // No answer given: the request fails as offline (no response).
      if (body === undefined) throw new TypeError('Failed to fetch')
      return { ok: true, status: 200, json: async () => body }
    }),
  )
  runIndexScript('__barrioPage')
  return urls
}

/** The URL the app itself asks for (axios, with its params). */
async function appUrl(run: (client: QueryClient) => Promise<unknown>): Promise<string> {
  const urls: string[] = []
  http.defaults.adapter = createFakeAdapter(({ config }) => {
    urls.push(http.getUri(config).replace(/^https?:\/\/[^/]+/, ''))
    return { status: 200, data: {} }
  })
  await run(new QueryClient())
  return urls[0]!
}

afterEach(() => {
  vi.unstubAllGlobals()
  forgetIndexScripts()
  delete window.__barrioPage
  document.body.innerHTML = ''
  document.getElementById('barrio-first-page')?.remove()
  window.history.replaceState(null, '', '/')
})

/** The data block the server writes into a catalogue page's HTML (api: first-page.ts). */
function serverData(pathname: string, body: unknown) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = 'barrio-first-page'
  block.dataset.path = pathname
  block.textContent = JSON.stringify(body)
  document.head.appendChild(block)
}

describe('a shop’s or product’s page asked for by index.html', () => {
  test('a shop page asks for the shop as the app does and draws its cover in the shell', async () => {
    const urls = runPageScript('/shops/tostadero-soho', {
      '/api/v1/stores/tostadero-soho': store,
    })
    expect(urls).toEqual([
      await appUrl((c) => c.fetchQuery(getStoreQueryOptions('tostadero-soho'))),
    ])
    await vi.waitFor(() =>
      expect(document.querySelector('.shell-media > img.shell-shop-cover')).toHaveAttribute(
        'src',
        store.coverUrl,
      ),
    )
  })

  test('a product page asks for the product as the app does and draws its first photo', async () => {
    const urls = runPageScript('/shops/tostadero-soho/products/cafe', {
      '/api/v1/products/cafe?shopId=tostadero-soho': product,
    })
    expect(urls).toEqual([
      await appUrl((c) => c.fetchQuery(getProductQueryOptions('cafe', 'tostadero-soho'))),
    ])
    await vi.waitFor(() => expect(document.querySelector('img.shell-photo')).not.toBeNull())
    const img = document.querySelector('img.shell-photo')!
    expect(img).toHaveAttribute('src', '/uploads/first.webp')
    expect(img).toHaveAttribute('srcset', '/uploads/first-400.webp 400w, /uploads/first.webp 1200w')
  })

  test('with the server’s data in the page, nothing is asked and the shell draws from it', async () => {
    serverData('/shops/tostadero-soho', store)
    expect(runPageScript('/shops/tostadero-soho', {})).toEqual([])
    expect(await window.__barrioPage?.answer).toEqual(store)
    await vi.waitFor(() =>
      expect(document.querySelector('.shell-media > img.shell-shop-cover')).toHaveAttribute(
        'src',
        store.coverUrl,
      ),
    )
  })

  test('data the server wrote for another path is not taken: the page asks', async () => {
    serverData('/shops/otro', { ...store, handle: 'otro' })
    const urls = runPageScript('/shops/tostadero-soho', { '/api/v1/stores/tostadero-soho': store })
    expect(urls).toEqual(['/api/v1/stores/tostadero-soho'])
    expect(await window.__barrioPage?.answer).toEqual(store)
  })

  test('other pages ask nothing', () => {
    expect(runPageScript('/shops', {})).toEqual([])
    expect(runPageScript('/orders/o1', {})).toEqual([])
    expect(window.__barrioPage).toBeUndefined()
  })

  test('the app fills the page’s query from the early answer without asking again', async () => {
    runPageScript('/shops/tostadero-soho', { '/api/v1/stores/tostadero-soho': store })
    const adapter = createFakeAdapter(() => ({ status: 500 }))
    http.defaults.adapter = adapter
    const client = new QueryClient()
    prefetchEarlyPage(client, '/shops/tostadero-soho')
    await vi.waitFor(() =>
      expect(client.getQueryData(getStoreQueryOptions('tostadero-soho').queryKey)).toEqual(store),
    )
    expect(adapter.calls).toEqual([])
    expect(window.__barrioPage).toBeUndefined()
  })

  test('an answer for another page is left alone, and a failed one is asked again', async () => {
    runPageScript('/shops/tostadero-soho', { '/api/v1/stores/tostadero-soho': store })
    const client = new QueryClient()
    prefetchEarlyPage(client, '/shops/otro')
    expect(client.getQueryData(getStoreQueryOptions('otro').queryKey)).toBeUndefined()
    expect(client.getQueryData(getStoreQueryOptions('tostadero-soho').queryKey)).toBeUndefined()

    runPageScript('/shops/tostadero-soho/products/cafe', {})
    const fresh = { ...product, _id: 'p-fresh' }
    const adapter = createFakeAdapter(() => ({ status: 200, data: fresh }))
    http.defaults.adapter = adapter
    prefetchEarlyPage(client, '/shops/tostadero-soho/products/cafe')
    await vi.waitFor(() =>
      expect(
        client.getQueryData(getProductQueryOptions('cafe', 'tostadero-soho').queryKey),
      ).toEqual(fresh),
    )
    expect(adapter.calls.map((c) => c.url)).toEqual(['/products/cafe'])
  })

  test('a 404 early answer is the page’s answer: not asked again, not even when the page mounts (issue 30)', async () => {
    const notFound = { statusCode: 404, code: 'NOT_FOUND', message: 'No encontramos el comercio' }
    const urls = runPageScript('/shops/no-existe', {
      '/api/v1/stores/no-existe': new ErrorAnswer(404, notFound),
    })
    const adapter = createFakeAdapter(() => ({ status: 404, data: notFound }))
    http.defaults.adapter = adapter
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    prefetchEarlyPage(client, '/shops/no-existe')
    const options = getStoreQueryOptions('no-existe')
    await vi.waitFor(() => expect(client.getQueryState(options.queryKey)?.status).toBe('error'))
    // The page mounts once the prefetch has failed.
    const observer = new QueryObserver(client, options)
    const unsubscribe = observer.subscribe(() => {})
    await Promise.resolve()
    unsubscribe()
    const error = client.getQueryState(options.queryKey)?.error
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: notFound.message })
    expect(urls).toEqual(['/api/v1/stores/no-existe'])
    expect(adapter.calls).toEqual([])
  })

  test('an early answer the spec retries (503) is asked again by the app', async () => {
    runPageScript('/shops/tostadero-soho', {
      '/api/v1/stores/tostadero-soho': new ErrorAnswer(503, { statusCode: 503 }),
    })
    const adapter = createFakeAdapter(() => ({ status: 200, data: store }))
    http.defaults.adapter = adapter
    const client = new QueryClient()
    prefetchEarlyPage(client, '/shops/tostadero-soho')
    await vi.waitFor(() =>
      expect(client.getQueryData(getStoreQueryOptions('tostadero-soho').queryKey)).toEqual(store),
    )
    expect(adapter.calls.map((c) => c.url)).toEqual(['/stores/tostadero-soho'])
  })

  test('reads the route parameters as the router decodes them', () => {
    expect(catalogPageParams('/shops/caf%C3%A9')).toEqual({ shop: 'café', product: null })
    expect(catalogPageParams('/shops/a/products/b')).toEqual({ shop: 'a', product: 'b' })
    expect(catalogPageParams('/shops')).toBeNull()
  })
})
