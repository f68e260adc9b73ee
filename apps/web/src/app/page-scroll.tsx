import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** How many frames a page going back may take to grow tall enough for its old position. */
const MAX_RESTORE_FRAMES = 30

/**
 * The window's scroll across client-side navigations, as a multi-page site behaves (issue 30): a
 * new page (link, redirect) opens at its top; back and forward return to where that page was
 * left. A change of the search or hash alone (filters, pages of a list) keeps the position: those
 * pages scroll themselves when they mean to. The first page keeps the browser's default.
 *
 * Like React Router's ScrollRestoration, but that one also resets on every search change (the
 * seller lists' filters) unless each caller opts out. Positions live in memory, per history entry.
 */
export function PageScroll() {
  const location = useLocation()
  const navigationType = useNavigationType()
  const positions = useRef(new Map<string, number>())
  const current = useRef({ key: location.key, pathname: location.pathname })

  useEffect(() => {
    const { history } = window
    const before = history.scrollRestoration
    // The browser's own restoration would jump before the page it returns to has rendered.
    history.scrollRestoration = 'manual'
    const record = () => positions.current.set(current.current.key, window.scrollY)
    window.addEventListener('scroll', record, { passive: true })
    return () => {
      window.removeEventListener('scroll', record)
      history.scrollRestoration = before
    }
  }, [])

  useLayoutEffect(() => {
    const before = current.current
    if (before.key === location.key) return
    current.current = { key: location.key, pathname: location.pathname }
    const saved = navigationType === 'POP' ? positions.current.get(location.key) : undefined
    if (saved === undefined) {
      if (before.pathname !== location.pathname) window.scrollTo(0, 0)
      return
    }
    // Back to a page: its cached answer renders at once, but images and deferred lists may need
    // a few frames to give the page its height again, and a part that renders late above the
    // saved place moves it after it was reached: the position is held for those frames, until
    // the customer scrolls on their own.
    let frame = 0
    let tries = 0
    let touched = false
    const stop = () => (touched = true)
    const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
    for (const type of inputs) window.addEventListener(type, stop, { passive: true })
    const release = () => {
      for (const type of inputs) window.removeEventListener(type, stop)
    }
    const restore = () => {
      if (touched) return release()
      if (Math.abs(window.scrollY - saved) > 1) window.scrollTo(0, saved)
      tries += 1
      if (tries < MAX_RESTORE_FRAMES) frame = requestAnimationFrame(restore)
      else release()
    }
    restore()
    return () => {
      cancelAnimationFrame(frame)
      release()
    }
  }, [location.key, location.pathname, navigationType])

  return null
}
