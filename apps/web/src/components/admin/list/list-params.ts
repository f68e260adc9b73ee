import { z } from 'zod'

// Field schemas for a list's URL search params. Each one falls back to its default when the
// param is missing or not valid, so a hand-edited or stale link still opens a working list.

/** `page`: a whole number from 1; anything else is page 1. */
export const pageParam = () => z.coerce.number().int().min(1).max(100_000).catch(1)

/** One of `values`; anything else is `fallback`. */
export const enumParam = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) => z.enum(values).catch(fallback)

/** Free text (the search box); trimmed to what the API accepts. */
export const textParam = (max = 100) =>
  z
    .string()
    .transform((text) => text.slice(0, max))
    .catch('')

/** A flag written as `1` when on; absent (or anything else) is off. */
export const flagParam = () =>
  z
    .string()
    .transform((value) => value === '1' || value === 'true')
    .catch(false)

/** A whole number within bounds, or `fallback`. */
export const intParam = (fallback: number, { min = 0, max = 1_000_000 } = {}) =>
  z.coerce.number().int().min(min).max(max).catch(fallback)

/** A whole number within bounds, or null when absent or not valid (e.g. an optional price). */
export const optionalIntParam = ({ min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z.coerce.number().int().min(min).max(max).nullable().catch(null)

/** An id-like value (uuid or handle), or null. */
export const idParam = () => z.string().min(1).max(200).nullable().catch(null)
