import { yieldToBrowser } from '@/lib/yield-to-browser'

/**
 * Imports modules one after the other, each evaluated in a task of its own, once per page load:
 * the returned function resolves when the last has been evaluated (at once after the first time).
 * For the zod schemas of the contracts, built when their module evaluates: a page's chunk that
 * imports them all evaluates them in one long task on a phone (issue 29, blocking time). List the
 * modules leaves first, as a module evaluates those it imports with it. The chunks must be
 * modulepreloaded with the page's (index.html's loader), or each stage waits on the network.
 */
export function importInStages(stages: ReadonlyArray<() => Promise<unknown>>): () => Promise<void> {
  let evaluated: Promise<void> | null = null
  return () => {
    evaluated ??= (async () => {
      for (const stage of stages) {
        await stage()
        await yieldToBrowser()
      }
    })().catch((error: unknown) => {
      // A chunk that failed to load (a dropped connection) is asked for again next time.
      evaluated = null
      throw error
    })
    return evaluated
  }
}
