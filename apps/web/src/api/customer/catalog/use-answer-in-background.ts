import { useDeferredValue } from 'react'

/**
 * A catalogue list's answer, rendered in the background when it arrives after the page is up.
 * TanStack Query hands answers to React through useSyncExternalStore, which React renders
 * synchronously: a grid of twenty cards was one task of 25-30 ms on this machine, 100+ ms on a
 * phone (issue 10, blocking time). The deferred answer is rendered as a transition, in slices of a
 * few milliseconds, while the skeleton stays; an answer already there when the page first renders
 * comes back at once (decision 032).
 */
export function useAnswerInBackground<T>(answer: T | undefined): T | undefined {
  return useDeferredValue(answer)
}
