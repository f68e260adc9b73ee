import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, test, vi } from 'vitest'

import { plainSearchText, prefetchEarlySearch } from '@/api/customer/search/early-search'
import { getSearchQueryOptions } from '@/api/customer/search/get-search'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { forgetIndexScripts, rememberPointForIndexHtml, runIndexScript } from '@/testing/index-html'

const POINT = { lat: -34.5889, lng: -58.4301 }
const ADDRESS_ID = '5e0b7c1a-3c1d-4b8e-9a57-1f2d3c4b5a69'
const photo = (id: string) => ({
  mediaId: `m-${id}`,
  position: 0,
  url: `/uploads/${id}.webp`,
  thumbUrl: `/uploads/${id}-400.webp`,
  width: 1200,
  height: 1200,
})
const result = {
  products: {
    docs: [
      { _id: 'p1', media: [{ ...photo('second'), position: 1 }, photo('first')] },
      { _id: 'p2', media: [] },
      { _id: 'p3', media: [photo('third')] },
    ],
    totalDocs: 3,
  },
  stores: { docs: [], totalDocs: 0 },
  suggestion: null,
}

const SHELL =
  '<div id="app-shell"><div class="shell-results"><div class="shell-heading-search"></div>' +
  '<div class="shell-results-note"></div><div class="shell-results-grid">' +
  '<div class="shell-result"></div><div class="shell-result"></div><div class="shell-result"></div>' +
  '</div></div></div>'

/** Runs index.html's scripts on `url` with these answers by path (a path not listed: offline). */
function runSearchScript(url: string, answers: Record<string, unknown> = {}) {
  forgetIndexScripts()
  window.history.replaceState(null, '', url)
  document.body.innerHTML = SHELL
  const urls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (requested: string) => {
      urls.push(requested)
      const body = answers[new URL(requested, 'http://x').pathname]
      if (body === undefined) throw new TypeError('Failed to fetch')
      return { ok: true, status: 200, json: async () => body }
    }),
  )
  runIndexScript('__barrioSearch =')
  return urls
}

const rememberPoint = (addressId = ADDRESS_ID) =>
  rememberPointForIndexHtml(POINT, ADDRESS_ID, addressId)

/** The query the app itself sends for this search (axios, with its params). */
async function appQuery(q: string): Promise<URLSearchParams> {
  let url = ''
  http.defaults.adapter = createFakeAdapter(({ config }) => {
    url = http.getUri(config)
    return { status: 200, data: result }
  })
  await new QueryClient().fetchQuery(getSearchQueryOptions({ q, ...POINT }))
  return new URL(url, 'http://x').searchParams
}

const sorted = (params: URLSearchParams) => [...params.entries()].sort()

afterEach(() => {
  vi.unstubAllGlobals()
  forgetIndexScripts()
  delete window.__barrioSearch
  window.localStorage.clear()
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('the search results asked for by index.html', () => {
  test('a search with a remembered point asks as the app does and draws the first photos', async () => {
    rememberPoint()
    const urls = runSearchScript('/search?q=%20caf%C3%A9%20con%20leche%20', {
      '/api/v1/search': result,
    })
    expect(urls).toHaveLength(1)
    const asked = new URL(urls[0]!, 'http://x')
    expect(asked.pathname).toBe('/api/v1/search')
    expect(sorted(asked.searchParams)).toEqual(sorted(await appQuery('café con leche')))
    expect(Reflect.get(window, '__barrioSearchHeading')).toBe('Resultados para «café con leche»')
    expect(document.documentElement).toHaveAttribute('data-shell-heading', 'search')

    await vi.waitFor(() => expect(document.querySelectorAll('.shell-result img')).toHaveLength(2))
    const [first, third] = document.querySelectorAll('.shell-result img')
    // The main photo by position, with the card's srcset; the product with no photo keeps its box.
    expect(first).toHaveAttribute('src', '/uploads/first.webp')
    expect(first).toHaveAttribute(
      'srcset',
      '/uploads/first-400.webp 400w, /uploads/first.webp 1200w',
    )
    expect(first).toHaveAttribute('fetchpriority', 'high')
    expect(document.querySelectorAll('.shell-result')[1]!.childElementCount).toBe(0)
    expect(third).toHaveAttribute('src', '/uploads/third.webp')
    expect(third).not.toHaveAttribute('fetchpriority')
  })

  test('a corrected search writes the line the page shows under its title', async () => {
    rememberPoint()
    runSearchScript('/search?q=alfjor', {
      '/api/v1/search': { ...result, suggestion: 'alfajor' },
    })
    await vi.waitFor(() =>
      expect(document.querySelector('.shell-results-note')).toHaveTextContent(
        'Mostrando resultados de «alfajor»',
      ),
    )
  })

  test('filters, a page, no text or no remembered point: nothing is asked', () => {
    rememberPoint()
    expect(runSearchScript('/search?q=cafe&category=bakery')).toEqual([])
    expect(runSearchScript('/search?q=cafe&page=2')).toEqual([])
    expect(runSearchScript('/search?q=%20%20')).toEqual([])
    expect(runSearchScript('/shops?q=cafe')).toEqual([])
    rememberPoint('another-address')
    expect(runSearchScript('/search?q=cafe')).toEqual([])
    expect(window.__barrioSearch).toBeUndefined()
  })

  test('the app takes the early answer for the same text and point without asking again', async () => {
    rememberPoint()
    runSearchScript('/search?q=cafe', { '/api/v1/search': result })
    const adapter = createFakeAdapter(() => ({ status: 500 }))
    http.defaults.adapter = adapter
    const client = new QueryClient()
    prefetchEarlySearch(client, '?q=cafe', POINT)
    const { queryKey } = getSearchQueryOptions({ q: 'cafe', ...POINT })
    await vi.waitFor(() => expect(client.getQueryData(queryKey)).toEqual(result))
    expect(adapter.calls).toEqual([])
    expect(window.__barrioSearch).toBeUndefined()
  })

  test('another point is left alone, and an early request that failed is asked again', async () => {
    rememberPoint()
    runSearchScript('/search?q=cafe', { '/api/v1/search': result })
    const client = new QueryClient()
    const elsewhere = { lat: -34.6, lng: -58.4 }
    prefetchEarlySearch(client, '?q=cafe', elsewhere)
    expect(client.getQueryData(getSearchQueryOptions({ q: 'cafe', ...elsewhere }).queryKey)).toBe(
      undefined,
    )
    expect(client.getQueryData(getSearchQueryOptions({ q: 'cafe', ...POINT }).queryKey)).toBe(
      undefined,
    )

    runSearchScript('/search?q=cafe', {})
    const fresh = { ...result, suggestion: 'fresh' }
    const adapter = createFakeAdapter(() => ({ status: 200, data: fresh }))
    http.defaults.adapter = adapter
    prefetchEarlySearch(client, '?q=cafe', POINT)
    const { queryKey } = getSearchQueryOptions({ q: 'cafe', ...POINT })
    await vi.waitFor(() => expect(client.getQueryData(queryKey)).toEqual(fresh))
    expect(adapter.calls.map((c) => c.url)).toEqual(['/search'])
  })

  test('plainSearchText: the text of a search with nothing else in its address', () => {
    expect(plainSearchText('?q=%20yerba%20suave%20')).toBe('yerba suave')
    expect(plainSearchText('?q=yerba&sort=price')).toBeNull()
    expect(plainSearchText('?q=')).toBeNull()
    expect(plainSearchText('')).toBeNull()
  })
})
