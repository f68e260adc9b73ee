import {
  test as base,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
} from '@playwright/test'

// Specs import test, expect and types from here, never from '@playwright/test' directly.
export * from '@playwright/test'

/**
 * Chromium's line for an answered request with an error status. The app handles the API's 4xx
 * answers (field errors, conflicts, a page that does not exist) and a test checks what the screen
 * says, so those lines are not errors of ours; a 5xx, a failed connection, or a 4xx for anything
 * outside /api/v1 (a chunk, an image, a font) is.
 */
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})\b/

/** The URL a console message is about (the resource that failed), when it names a valid one. */
function urlOf(message: ConsoleMessage): URL | null {
  return URL.canParse(message.location().url) ? new URL(message.location().url) : null
}

function isAnsweredApiRefusal(message: ConsoleMessage): boolean {
  const status = FAILED_RESOURCE.exec(message.text())?.[1]
  if (!status || !status.startsWith('4')) return false
  return urlOf(message)?.pathname.startsWith('/api/v1/') ?? false
}

/**
 * Map tiles come from OpenStreetMap's servers, which a CI machine without internet cannot reach;
 * the map still works (the pin, its arrows and the OpenStreetMap link), so a tile that fails to
 * load is the network's, not ours.
 */
function isOffsiteMapTile(message: ConsoleMessage): boolean {
  if (!message.text().startsWith('Failed to load resource')) return false
  return urlOf(message)?.hostname.endsWith('tile.openstreetmap.org') ?? false
}

export type ConsoleGuard = {
  /**
   * Declares that this test's pages log an error matching `pattern` (a console.error text, or an
   * uncaught exception's message) because the test provokes it. Keep the pattern narrow.
   */
  allow(pattern: RegExp): void
}

/**
 * Every test fails on an unexpected `console.error` or uncaught exception (`pageerror`) in any of
 * its pages: the default context's, pages it opens, and contexts made with `browser.newContext()`
 * during the test (helpers such as `sellerAtTostadero`). Errors nobody reads are how the next
 * regression hides (the web unit tests' counterpart: apps/web/src/testing/console-guard.ts).
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ browser, context }, use) => {
      const allowed: RegExp[] = []
      /** What each page logged: `match` is tested against the allowed patterns at the end. */
      const logged: Array<{ match: string; report: string }> = []
      const watched = new WeakSet<BrowserContext>()

      function watch(target: BrowserContext) {
        if (watched.has(target)) return
        watched.add(target)
        target.on('console', (message) => {
          if (
            message.type() !== 'error' ||
            isAnsweredApiRefusal(message) ||
            isOffsiteMapTile(message)
          )
            return
          const text = message.text()
          const where = message.location().url || message.page()?.url() || ''
          logged.push({
            match: text,
            report: `console.error: ${text}${where ? ` (${where})` : ''}`,
          })
        })
        target.on('weberror', (webError) => {
          const error = webError.error()
          const where = webError.page()?.url() ?? ''
          logged.push({
            match: error.message,
            report: `uncaught: ${error.stack ?? error.message} (${where})`,
          })
        })
      }

      watch(context)
      // Contexts the test (or its helpers) opens on the worker's browser are watched too.
      const newContext: Browser['newContext'] = browser.newContext.bind(browser)
      browser.newContext = async (...args) => {
        const created = await newContext(...args)
        watch(created)
        return created
      }

      try {
        await use({
          allow(pattern) {
            allowed.push(new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')))
          },
        })
      } finally {
        // The own property shadows the prototype's method: removing it restores the original.
        Reflect.deleteProperty(browser, 'newContext')
      }

      const errors = logged
        .filter(({ match }) => !allowed.some((pattern) => pattern.test(match)))
        .map(({ report }) => report)
      if (errors.length > 0) {
        const shown = errors.slice(0, 5).map((error, index) => `  ${index + 1}. ${error}`)
        const more = errors.length > 5 ? [`  … and ${errors.length - 5} more`] : []
        throw new Error(
          [
            `The pages logged ${errors.length} unexpected error(s):`,
            ...shown,
            ...more,
            'Fix the cause; if the test provokes it, declare it with consoleGuard.allow(/pattern/).',
          ].join('\n'),
        )
      }
    },
    { auto: true },
  ],
})
