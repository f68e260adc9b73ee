import '@testing-library/jest-dom/vitest'

import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

import { clearConfirms } from '@/components/confirm/confirm'
import { resetAppStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { registerNavigator } from '@/lib/navigation'
import { clearToasts } from '@/lib/toast'
import { checkConsoleGuard, installConsoleGuard, startConsoleGuard } from '@/testing/console-guard'
import { installMatchMedia, setScreenWidth } from '@/testing/media'
import { ASYNC_TIMEOUT_MS } from '@/testing/wait'

// findBy and waitFor default to 1 s, which a loaded 2-core CI machine exceeds (testing/wait.ts).
configure({ asyncUtilTimeout: ASYNC_TIMEOUT_MS })

// Mantine under jsdom needs matchMedia (false for every query unless a test sets a screen
// width: testing/media.ts) and ResizeObserver.
installMatchMedia()

// An undeclared console.error or console.warn fails the test (testing/console-guard.ts,
// expectConsoleError, expectConsoleWarn).
installConsoleGuard()

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {}
// jsdom has no scrolling: app/page-scroll.tsx scrolls on every new page.
window.scrollTo = function scrollTo() {}

const originalAdapter = http.defaults.adapter

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`
  }
}

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
  clearCookies()
  resetAppStore()
  clearToasts()
  clearConfirms()
  registerNavigator(null)
  startConsoleGuard()
})

afterEach(() => {
  cleanup()
  setScreenWidth(null)
  http.defaults.adapter = originalAdapter
  vi.useRealTimers()
  // Last, so errors logged while unmounting count too.
  checkConsoleGuard()
})
