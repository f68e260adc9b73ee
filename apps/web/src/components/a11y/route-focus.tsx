import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** How long a new page may take to show its heading (lazy chunks, first data) before main gets focus. */
const MAX_FRAMES = 120

/**
 * After a client-side navigation, moves keyboard and screen-reader focus to the new page's main
 * heading (or to <main> when it has none), as a full page load would. Never steals focus that
 * moved since the navigation, wherever it went: into the new page, a dialog, or the header's
 * store switcher opened while the page was still loading (its list would close under the user).
 * React Router commits a navigation in a transition, so the user may already have clicked into
 * the header before this effect runs: an open popup (aria-expanded) keeps its focus, and any click
 * or key press after the effect starts ends the attempt.
 * The first load keeps the browser's default.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const firstRender = useRef(true)

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    let frame = 0
    let tries = 0
    let userActed = false
    const onUserAction = () => {
      userActed = true
    }
    document.addEventListener('pointerdown', onUserAction, true)
    document.addEventListener('keydown', onUserAction, true)
    // What had focus once the new page rendered: the link or button that navigated, body, or a
    // field the new page focused itself (inside main, so it counts as moved on).
    const before = document.activeElement
    const attempt = () => {
      const main = document.getElementById('contenido')
      const active = document.activeElement
      if (userActed) return
      const focusMoved =
        active instanceof HTMLElement &&
        active !== document.body &&
        (active !== before ||
          active.getAttribute('aria-expanded') === 'true' ||
          active.closest('[role="dialog"]') !== null ||
          (main?.contains(active) ?? false))
      if (focusMoved) return
      const heading = main?.querySelector<HTMLElement>('h1')
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
        heading.focus({ preventScroll: true })
        return
      }
      tries += 1
      if (tries < MAX_FRAMES) frame = requestAnimationFrame(attempt)
      else main?.focus({ preventScroll: true })
    }
    frame = requestAnimationFrame(attempt)
    return () => {
      cancelAnimationFrame(frame)
      document.removeEventListener('pointerdown', onUserAction, true)
      document.removeEventListener('keydown', onUserAction, true)
    }
  }, [pathname])

  return null
}
