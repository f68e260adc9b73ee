import { expect, test, vi } from 'vitest'

import {
  checkConsoleGuard,
  expectConsoleError,
  expectConsoleWarn,
  startConsoleGuard,
} from '@/testing/console-guard'

// Each test plants calls, checks the guard by hand, then takes its spies off and starts a fresh
// watch so the real afterEach (setup-tests.ts) finds nothing.
function checkAndRestart() {
  try {
    checkConsoleGuard()
  } finally {
    vi.restoreAllMocks()
    startConsoleGuard()
  }
}

test('an undeclared console.error fails the test, with the rendered message', () => {
  console.error('Warning: planted %s in %s', 'noise', 'a test')
  expect(checkAndRestart).toThrow(/called 1 time\(s\)[\s\S]*planted noise in a test/)
})

test('a declared console.error passes, matched on its printf-rendered message', () => {
  expectConsoleError(/planted noise in a test/)
  console.error('Warning: planted %s in %s', 'noise', 'a test')
  expect(checkAndRestart).not.toThrow()
})

test('a string declaration matches the text literally', () => {
  expectConsoleError('Falta el token (cart).')
  console.error('Falta el token (cart).')
  expect(checkAndRestart).not.toThrow()
  expectConsoleError('Falta el token (cart).')
  console.error('Falta el token Xcart).')
  expect(checkAndRestart).toThrow(/Falta el token Xcart/)
})

test('a declaration covers only what it names', () => {
  expectConsoleError(/planted noise/)
  console.error('planted noise')
  console.error('something else went wrong')
  expect(checkAndRestart).toThrow(/something else went wrong/)
})

test('a declared console.error that never came fails the test', () => {
  expectConsoleError(/never logged/)
  expect(checkAndRestart).toThrow('expectConsoleError(/never logged/): no such console.error came.')
})

test('silencing console.error with a spy does not hide a call from the guard', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  console.error('swallowed by the spy')
  expect(checkAndRestart).toThrow(/swallowed by the spy/)
})

test('a spy that lets calls through counts each call once', () => {
  const spy = vi.spyOn(console, 'error')
  expectConsoleError(/seen through a spy/)
  console.error('seen through a spy')
  expect(spy).toHaveBeenCalledTimes(1)
  expect(checkAndRestart).not.toThrow()
})

test('an undeclared console.warn fails the test too; a declared one passes', () => {
  console.warn('planted %s', 'warning')
  expect(checkAndRestart).toThrow(/console\.warn was called 1 time\(s\)[\s\S]*planted warning/)
  expectConsoleWarn(/planted warning/)
  console.warn('planted %s', 'warning')
  expect(checkAndRestart).not.toThrow()
})

test('a warning and an error are declared each with its own call', () => {
  expectConsoleError(/planted/)
  console.warn('planted')
  expect(checkAndRestart).toThrow(/console\.warn was called 1 time\(s\)[\s\S]*planted/)
  expectConsoleError(/planted/)
  console.warn('planted')
  expect(checkAndRestart).toThrow('expectConsoleError(/planted/): no such console.error came.')
  expectConsoleWarn(/never warned/)
  expect(checkAndRestart).toThrow('expectConsoleWarn(/never warned/): no such console.warn came.')
})

test('silencing console.warn with a spy does not hide a call from the guard', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  console.warn('swallowed warning')
  expect(checkAndRestart).toThrow(/swallowed warning/)
})
