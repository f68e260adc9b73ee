/**
 * How long an async test assertion may wait. Testing Library's findBy and waitFor and vi.waitFor
 * default to 1 s, which a loaded 2-core CI machine exceeds (lazy route chunks, first renders, the
 * http client's retry backoff): wait long enough that only a real failure times out. 20 s: a
 * CI run under load failed a web test at 10 s (session of 2026-11-29).
 */
export const ASYNC_TIMEOUT_MS = 20_000

/** Options for vi.waitFor (Testing Library's waits take ASYNC_TIMEOUT_MS from setup-tests.ts). */
export const WAIT = { timeout: ASYNC_TIMEOUT_MS } as const
