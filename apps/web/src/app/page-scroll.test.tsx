import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { routes } from '@/app/router'
import { appStore } from '@/lib/app-store'
import { renderRouter } from '@/testing/render'

/** jsdom does not scroll: the window's position is what the page (or the test) last set. */
let scrollY = 0
const scrollTo = vi.fn((x: number | ScrollToOptions, y?: number) => {
  scrollY = typeof x === 'number' ? (y ?? 0) : (x.top ?? 0)
  window.dispatchEvent(new Event('scroll'))
})

function scrollBy(y: number) {
  scrollY = y
  window.dispatchEvent(new Event('scroll'))
}

beforeEach(() => {
  scrollY = 0
  scrollTo.mockClear()
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY)
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as typeof window.scrollTo)
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function renderApp(url: string) {
  appStore.setState({ appInitialized: true, isLoading: false, blockLoading: false })
  const result = renderRouter(routes, { url })
  await screen.findByRole('heading', { level: 1 })
  // PageScroll listens to scrolls from an effect, which a busy machine may run after the first
  // paint: scroll only once it listens (the same effect takes over the browser's restoration).
  await waitFor(() => expect(window.history.scrollRestoration).toBe('manual'))
  return result
}

describe('the window scroll across pages (issue 30)', () => {
  test('a new page opens at its top; back returns to where the page was left', async () => {
    const { router } = await renderApp('/terms')
    const terms = screen.getByRole('heading', { level: 1 }).textContent
    scrollBy(900)
    scrollTo.mockClear()

    await act(() => router.navigate('/privacy'))
    await screen.findByRole('heading', { level: 1, name: (name) => name !== terms })
    // The position is set once the page has laid out (a frame later on a busy machine).
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0))
    expect(scrollY).toBe(0)

    scrollBy(120)
    await act(() => router.navigate(-1))
    await screen.findByRole('heading', { level: 1, name: terms ?? '' })
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 900))

    await act(() => router.navigate(1))
    await screen.findByRole('heading', { level: 1, name: (name) => name !== terms })
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 120))
  })

  test('a change of the search alone (a list page or filter) keeps the position', async () => {
    const { router } = await renderApp('/terms')
    scrollBy(700)
    scrollTo.mockClear()
    await act(() => router.navigate('/terms?page=2'))
    expect(router.state.location.search).toBe('?page=2')
    expect(scrollTo).not.toHaveBeenCalled()
    expect(scrollY).toBe(700)
  })
})
