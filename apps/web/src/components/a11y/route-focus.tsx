import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** How long a new page may take to show its heading (lazy chunks, first data) before main gets focus. */
const MAX_FRAMES = 120

/**
 * After a client-side navigation, moves keyboard and screen-reader focus to the new page's main
 * heading (or to <main> when it has none), as a full page load would. Never steals focus the user
 * already placed inside the new page or inside a dialog; the first load keeps the browser's default.
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
    const attempt = () => {
      const main = document.getElementById('contenido')
      const active = document.activeElement
      const userMovedOn =
        active instanceof HTMLElement &&
        active !== document.body &&
        (active.closest('[role="dialog"]') !== null || (main?.contains(active) ?? false))
      if (userMovedOn) return
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
    return () => cancelAnimationFrame(frame)
  }, [pathname])

  return null
}
