import { useLayoutEffect } from 'react'

import { loadDeferredStyles } from '@/lib/styles/load-deferred-styles'

/** The id of the static shell that index.html paints before any JavaScript (decision 016). */
export const APP_SHELL_ID = 'app-shell'

/**
 * Removes index.html's app shell. Called in the same commit that puts the first real page on
 * screen (a layout effect runs before the browser paints), so no frame shows both or neither.
 */
export function removeAppShell(): void {
  const shell = document.getElementById(APP_SHELL_ID)
  if (!shell) return
  shell.remove()
  // The rest of Mantine's CSS, once the first page is up and the browser idle: menus, popovers and
  // confirm dialogs a page opens later find their styles already there.
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1))
  whenIdle(() => void loadDeferredStyles())
}

/** Removes the app shell once `ready` is true. */
export function useAppShellHandoff(ready = true): void {
  useLayoutEffect(() => {
    if (ready) removeAppShell()
  }, [ready])
}
