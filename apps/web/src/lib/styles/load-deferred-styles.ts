let loading: Promise<unknown> | null = null

/**
 * Loads the Mantine CSS the first page did not need (decision 016). Lazy pages and dialogs wait
 * for it before they render; main.tsx also starts it once the browser is idle after start-up.
 */
export function loadDeferredStyles(): Promise<unknown> {
  loading ??= import('@/lib/styles/mantine-deferred')
  return loading
}
