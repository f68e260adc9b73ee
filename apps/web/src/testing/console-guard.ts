import { format } from 'node:util'

import { vi } from 'vitest'

/**
 * Noise fails tests: a `console.error` or `console.warn` that a test did not declare fails that
 * test (epic-stack's `tests/setup/setup-test-env.ts` idea). React's act(), key and DOM-nesting warnings, a query that
 * failed unhandled, an error thrown in an event handler (jsdom reports it through console.error):
 * errors nobody reads are how the next regression hides. `setup-tests.ts` installs the guard once
 * per test file and calls `startConsoleGuard` / `checkConsoleGuard` around every test.
 *
 * Our own warnings are handled conditions the app logs and goes on (no device id from the server,
 * a visitor without a session, a default address marked later): a test that provokes one declares
 * it, like an error, so a new warning nobody reads fails where it starts.
 *
 * A test whose subject is an error (a warning) that is logged declares it with
 * `expectConsoleError(/pattern/)` (`expectConsoleWarn`) before provoking it: matching calls are
 * swallowed, and the test fails if none came. Silencing the method with
 * `vi.spyOn(console, 'error').mockImplementation(...)` declares nothing: the spy's calls are
 * checked all the same.
 */

interface Expectation {
  pattern: RegExp
  seen: number
}

type ConsoleArgs = unknown[]
type Level = 'error' | 'warn'

function render(args: ConsoleArgs): string {
  if (args.length === 0) return ''
  const [first, ...rest] = args
  return typeof first === 'string' ? format(first, ...rest) : format('%o', ...args)
}

function sameCall(a: ConsoleArgs, b: ConsoleArgs) {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]))
}

/** The watch over one console method during a test. */
class Watch {
  readonly original: (...args: ConsoleArgs) => void
  expectations: Expectation[] = []
  unexpected: string[] = []
  /** The calls the guard itself received in this test (to tell them from calls a spy swallowed). */
  received: ConsoleArgs[] = []

  constructor(readonly level: Level) {
    this.original = console[level].bind(console)
  }

  get declare() {
    return this.level === 'error' ? 'expectConsoleError' : 'expectConsoleWarn'
  }

  start() {
    this.expectations = []
    this.unexpected = []
    this.received = []
  }

  /** Records one call: declared ones are counted and swallowed, others are kept and still printed. */
  record(args: ConsoleArgs, shouldPrint: boolean) {
    const message = render(args)
    const expectation = this.expectations.find((e) => e.pattern.test(message))
    if (expectation) {
      expectation.seen += 1
      return
    }
    this.unexpected.push(message)
    if (shouldPrint) this.original(...args)
  }

  guarded = (...args: ConsoleArgs) => {
    if (!active) {
      this.original(...args)
      return
    }
    this.received.push(args)
    this.record(args, true)
  }

  /** Calls a test's spy on the method kept from the guard (mockImplementation). */
  swallowedBySpy(): ConsoleArgs[] {
    const current: unknown = console[this.level]
    if (!vi.isMockFunction(current)) return []
    const remaining = [...this.received]
    const swallowed: ConsoleArgs[] = []
    for (const call of current.mock.calls) {
      const index = remaining.findIndex((seen) => sameCall(seen, call))
      if (index === -1) swallowed.push(call)
      else remaining.splice(index, 1)
    }
    return swallowed
  }

  problems(): string[] {
    for (const call of this.swallowedBySpy()) this.record(call, false)
    const problems: string[] = []
    if (this.unexpected.length > 0) {
      const shown = this.unexpected.slice(0, 3).map((message, index) => {
        const text = message.length > 1500 ? `${message.slice(0, 1500)}…` : message
        return `  ${index + 1}. ${text}`
      })
      const more = this.unexpected.length > 3 ? [`  … and ${this.unexpected.length - 3} more`] : []
      problems.push(
        [
          `console.${this.level} was called ${this.unexpected.length} time(s) during this test:`,
          ...shown,
          ...more,
          `Fix the cause; if logging this ${this.level === 'error' ? 'error' : 'warning'} is the behaviour under test, declare it first with`,
          `${this.declare}(/pattern/) from '@/testing/console-guard'.`,
        ].join('\n'),
      )
    }
    for (const expectation of this.expectations) {
      if (expectation.seen === 0) {
        problems.push(
          `${this.declare}(${String(expectation.pattern)}): no such console.${this.level} came.`,
        )
      }
    }
    return problems
  }
}

const watches = { error: new Watch('error'), warn: new Watch('warn') }
let active = false

/** Replaces console.error and console.warn with the guard (once per test file: setup-tests.ts). */
export function installConsoleGuard() {
  console.error = watches.error.guarded
  console.warn = watches.warn.guarded
}

export function startConsoleGuard() {
  watches.error.start()
  watches.warn.start()
  active = true
}

/** Ends the test's watch; throws (failing the test) on an undeclared or a missing call. */
export function checkConsoleGuard() {
  const problems = [...watches.error.problems(), ...watches.warn.problems()]
  active = false
  if (problems.length > 0) throw new Error(problems.join('\n\n'))
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function declareExpected(level: Level, pattern: RegExp | string) {
  // Without the g and y flags, test() keeps no lastIndex between calls.
  const stateless =
    typeof pattern === 'string'
      ? new RegExp(escapeRegExp(pattern))
      : new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''))
  watches[level].expectations.push({ pattern: stateless, seen: 0 })
}

/**
 * Declares that this test logs a console.error whose message (printf-style arguments rendered)
 * matches `pattern` (a string: contains it): those calls are not printed and do not fail the
 * test, and the test fails if none came. Declare the narrowest pattern that names the error under
 * test.
 */
export function expectConsoleError(pattern: RegExp | string) {
  declareExpected('error', pattern)
}

/** Like `expectConsoleError`, for a console.warn the test provokes on purpose. */
export function expectConsoleWarn(pattern: RegExp | string) {
  declareExpected('warn', pattern)
}
