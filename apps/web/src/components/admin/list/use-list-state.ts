import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import { useDebouncedCallback } from '@mantine/hooks'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'

/** What a list keeps in the URL: scalars only, so every state is a plain, shareable link. */
export type ListParamValue = string | number | boolean | null
export type ListStateSchema = z.ZodObject<{ page: z.ZodType<number> } & z.ZodRawShape>

export type ListStateOptions<K extends string> = {
  /** The param typed in the search box (debounced into the URL). Default `q`. */
  searchKey?: K
  /** Params that do not count as filters (besides `page` and the search): e.g. `sort`. */
  notFilters?: readonly string[]
}

/** Reads the list's params from the URL; each bad or missing one falls back to its default. */
export function parseListParams<S extends ListStateSchema>(
  schema: S,
  params: URLSearchParams,
): z.infer<S> {
  const raw: Record<string, string> = {}
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key)
    if (value !== null) raw[key] = value
  }
  return schema.parse(raw)
}

function serialize(value: ListParamValue): string | null {
  if (value === null || value === false || value === '') return null
  if (value === true) return '1'
  return String(value)
}

/**
 * Writes `values` into `base` (other params of the page are kept): only what differs from the
 * defaults appears, so the plain list has a plain URL.
 */
export function writeListParams(
  base: URLSearchParams,
  values: Record<string, ListParamValue>,
  defaults: Record<string, ListParamValue>,
): URLSearchParams {
  const next = new URLSearchParams(base)
  for (const [key, value] of Object.entries(values)) {
    const text = serialize(value)
    if (text === null || text === serialize(defaults[key] ?? null)) next.delete(key)
    else next.set(key, text)
  }
  return next
}

/**
 * The state of an admin list (filters, search, sort, page) kept in the URL search params:
 * a link opens the same view, and the back button steps through the seller's choices.
 * - Any change other than the page goes back to page 1.
 * - The search box has its own text; it reaches the URL once typing pauses, replacing the entry
 *   (typing does not fill the history), and follows the URL when it changes (back, clear).
 */
export function useListState<S extends ListStateSchema, K extends string = 'q'>(
  schema: S,
  { searchKey = 'q' as K, notFilters = ['sort'] }: ListStateOptions<K> = {},
) {
  type Values = z.infer<S>
  const [searchParams, setSearchParams] = useSearchParams()
  const defaults = useMemo(() => schema.parse({}) as Record<string, ListParamValue>, [schema])
  const values = useMemo(() => parseListParams(schema, searchParams), [schema, searchParams])
  const urlSearch = String((values as Record<string, unknown>)[searchKey] ?? '')

  const update = useCallback(
    (patch: Partial<Values>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const known = parseListParams(schema, current) as Record<string, ListParamValue>
          const merged = { ...known, ...(patch as Record<string, ListParamValue>) }
          if (!('page' in patch)) merged.page = 1
          return writeListParams(current, merged, defaults)
        },
        { replace },
      )
    },
    [defaults, schema, setSearchParams],
  )

  // The search box: local text now, the URL after a pause.
  const [searchText, setSearchTextState] = useState(urlSearch)
  const written = useRef(urlSearch)
  useEffect(() => {
    if (urlSearch !== written.current) {
      written.current = urlSearch
      setSearchTextState(urlSearch)
    }
  }, [urlSearch])
  const writeSearch = useDebouncedCallback((text: string) => {
    written.current = text.trim()
    update({ [searchKey]: text.trim() } as Partial<Values>, { replace: true })
  }, PAYLOAD_DEBOUNCE_MS)

  const ignored = new Set(['page', searchKey, ...notFilters])
  const hasFilters =
    urlSearch !== '' ||
    Object.entries(values as Record<string, ListParamValue>).some(
      ([key, value]) => !ignored.has(key) && serialize(value) !== serialize(defaults[key] ?? null),
    )

  return {
    /** The list's state as the URL says (the search is the debounced one the query sends). */
    values,
    page: values.page as number,
    /** Some filter or search narrows the list (the empty state offers to clear them). */
    hasFilters,
    searchText,
    setSearchText(text: string) {
      setSearchTextState(text)
      writeSearch(text)
    },
    /**
     * Changes filters or the sort and goes back to page 1: a new history entry, or with
     * `replace` (a field typed into, like a price) the current one.
     */
    set(patch: Partial<Omit<Values, 'page'>>, options?: { replace?: boolean }) {
      update(patch as Partial<Values>, options)
    },
    setPage(page: number) {
      update({ page } as unknown as Partial<Values>)
    },
    /** Every filter and the search back to their defaults; the sort stays. */
    clearFilters() {
      const reset: Record<string, ListParamValue> = {}
      for (const key of Object.keys(defaults))
        if (!notFilters.includes(key)) reset[key] = defaults[key] ?? null
      writeSearch.cancel()
      written.current = ''
      setSearchTextState('')
      update(reset as Partial<Values>)
    },
  }
}

export type ListState<S extends ListStateSchema> = ReturnType<typeof useListState<S>>
