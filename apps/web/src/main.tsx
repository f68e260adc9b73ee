import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'

import { removeAppShell } from '@/app/app-shell'
import { AppProvider } from '@/app/provider'
import { createAppRouter } from '@/app/router'
import { listenForNativeSignIn, startApp } from '@/app/start-app'
import { watchViewport } from '@/lib/app-store'
import { getPlatform } from '@/lib/native/platform'
import { registerNavigator } from '@/lib/navigation'
import { yieldToBrowser } from '@/lib/yield-to-browser'

/** Creates the router, renders the first tree and starts the session and address work. */
async function boot(): Promise<void> {
  const router = createAppRouter()
  registerNavigator((to, options) => router.navigate(to, options))
  watchViewport()
  void listenForNativeSignIn()
  // The native shell's own code loads only inside the app (decision 028).
  const platform = getPlatform()
  if (platform !== 'web') {
    import('@/app/native/start-native-app')
      .then(({ startNativeApp }) => startNativeApp(platform))
      .catch((error: unknown) => console.error('No se pudo iniciar la app nativa.', error))
  }

  const container = document.getElementById('root')
  if (!container) throw new Error('Falta el elemento #root en index.html')

  // Creating the router (its first match, which starts the page's lazy imports) and the first
  // render's set-up were one task of ~35 ms at a phone's 4x CPU each: two tasks (issue 29,
  // blocking time).
  await yieldToBrowser()
  const root = createRoot(container)
  // As a transition React renders the first tree in slices of a few milliseconds, yielding to the
  // browser between them, instead of one long task on a phone's slow CPU (issue 10, blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  )

  startApp().catch((error: unknown) => {
    // Spec section 7: a mount failure is logged and re-thrown.
    console.error('Barrio no pudo iniciar.', error)
    removeAppShell()
    throw error
  })
}

// Evaluating the app's chunk is a task of its own (src/entry.ts, decision 032): the router's first
// match runs in the next one, the root and start-up in the one after, so no task blocks input for
// long.
void yieldToBrowser().then(boot)
