/**
 * Lets non-React code (the HTTP client, deep links) navigate through the router.
 * The app registers the router's navigate function at start; before that, it falls back to
 * a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>

let navigator: Navigate | null = null

export function registerNavigator(navigate: Navigate | null): void {
  navigator = navigate
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) {
    void navigator(to, options)
    return
  }
  if (typeof window !== 'undefined' && window.location.pathname !== to) {
    if (options.replace) window.location.replace(to)
    else window.location.assign(to)
  }
}
