/**
 * Ends the current task so the browser can paint, take input or run React's scheduled work before
 * the rest of the caller runs. Start-up work chained on already settled promises otherwise runs
 * in the same task as the bundle's evaluation: one long task on a phone (issue 10, blocking time).
 * `scheduler.yield()` where the browser has it (it keeps the continuation ahead of other tasks),
 * else a zero-delay timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
