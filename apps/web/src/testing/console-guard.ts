import { format } from 'node:util'

import { vi } from 'vitest'

/**
 * Noise fails tests: a `console.error` that a test did not declare fails that test (epic-stack's
 * `tests/setup/setup-test-env.ts` idea). React's act(), key and DOM-nesting warnings, a query that
 * failed unhandled, an error thrown in an event handler (jsdom reports it through console.error):
 * errors nobody reads are how the next regression hides. `setup-tests.ts` installs the guard once
 * per test file and calls `startConsoleGuard` / `checkConsoleGuard` around every test.
 *
 * A test whose subject is an error that is logged declares it with `expectConsoleError(/pattern/)`
 * before provoking it: matching calls are swallowed, and the test fails if none came. Silencing
 * console.error with `vi.spyOn(console, 'error').mockImplementation(...)` declares nothing: the
 * spy's calls are checked all the same.
 */

interface Expectation {
  pattern: RegExp
  seen: number
}

type ConsoleArgs = unknown[]

const originalError = console.error.bind(console)
let expectations: Expectation[] = []
let unexpected: string[] = []
/** The calls the guard itself received in this test (to tell them from calls a spy swallowed). */
let received: ConsoleArgs[] = []
let active = false

function render(args: ConsoleArgs): string {
  if (args.length === 0) return ''
  const [first, ...rest] = args
  return typeof first === 'string' ? format(first, ...rest) : format('%o', ...args)
}

function expectationFor(message: string): Expectation | undefined {
  return expectations.find((expectation) => expectation.pattern.test(message))
}

/** Records one call: declared ones are counted and swallowed, others are kept and still printed. */
function record(args: ConsoleArgs, shouldPrint: boolean) {
  const message = render(args)
  const expectation = expectationFor(message)
  if (expectation) {
    expectation.seen += 1
    return
  }
  unexpected.push(message)
  if (shouldPrint) originalError(...args)
}

function guardedError(...args: ConsoleArgs) {
  if (!active) {
    originalError(...args)
    return
  }
  received.push(args)
  record(args, true)
}

/** Replaces console.error with the guard (once per test file: setup-tests.ts). */
export function installConsoleGuard() {
  console.error = guardedError
}

export function startConsoleGuard() {
  expectations = []
  unexpected = []
  received = []
  active = true
}

function sameCall(a: ConsoleArgs, b: ConsoleArgs) {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]))
}

/** Calls a test's spy on console.error kept from the guard (mockImplementation). */
function swallowedBySpy(): ConsoleArgs[] {
  const current: unknown = console.error
  if (!vi.isMockFunction(current)) return []
  const remaining = [...received]
  const swallowed: ConsoleArgs[] = []
  for (const call of current.mock.calls) {
    const index = remaining.findIndex((seen) => sameCall(seen, call))
    if (index === -1) swallowed.push(call)
    else remaining.splice(index, 1)
  }
  return swallowed
}

/** Ends the test's watch; throws (failing the test) on an undeclared or a missing console.error. */
export function checkConsoleGuard() {
  for (const call of swallowedBySpy()) record(call, false)
  active = false
  const problems: string[] = []
  if (unexpected.length > 0) {
    const shown = unexpected.slice(0, 3).map((message, index) => {
      const text = message.length > 1500 ? `${message.slice(0, 1500)}…` : message
      return `  ${index + 1}. ${text}`
    })
    const more = unexpected.length > 3 ? [`  … and ${unexpected.length - 3} more`] : []
    problems.push(
      [
        `console.error was called ${unexpected.length} time(s) during this test:`,
        ...shown,
        ...more,
        'Fix the cause; if logging this error is the behaviour under test, declare it first with',
        "expectConsoleError(/pattern/) from '@/testing/console-guard'.",
      ].join('\n'),
    )
  }
  for (const expectation of expectations) {
    if (expectation.seen === 0) {
      problems.push(`expectConsoleError(${String(expectation.pattern)}): no such console.error came.`)
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n\n'))
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Declares that this test logs a console.error whose message (printf-style arguments rendered)
 * matches `pattern` (a string: contains it): those calls are not printed and do not fail the
 * test, and the test fails if none came. Declare the narrowest pattern that names the error under
 * test.
 */
export function expectConsoleError(pattern: RegExp | string) {
  // Without the g and y flags, test() keeps no lastIndex between calls.
  const stateless =
    typeof pattern === 'string'
      ? new RegExp(escapeRegExp(pattern))
      : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''))
  expectations.push({ pattern: stateless, seen: 0 })
}
