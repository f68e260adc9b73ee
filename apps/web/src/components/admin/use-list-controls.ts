import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'

/**
 * The state of a filtered, searched, sorted and paged admin list. Any change of filter, search
 * text or order goes back to page 1; the search reaches the query debounced.
 */
export function useListControls<F extends object, S extends string>(
  emptyFilters: () => F,
  defaultSort: S,
) {
  const [filters, setFilters] = useState<F>(emptyFilters)
  const [searchText, setSearchTextState] = useState('')
  const [search] = useDebouncedValue(searchText, PAYLOAD_DEBOUNCE_MS)
  const [page, setPage] = useState(1)
  const [sort, setSortState] = useState<S>(defaultSort)
  return {
    filters,
    searchText,
    /** The search text once typing pauses: what the query sends. */
    search,
    page,
    setPage,
    sort,
    setSort(next: S) {
      setSortState(next)
      setPage(1)
    },
    setSearchText(text: string) {
      setSearchTextState(text)
      setPage(1)
    },
    patchFilters(patch: Partial<F>) {
      setFilters((current) => ({ ...current, ...patch }))
      setPage(1)
    },
    clear() {
      setFilters(emptyFilters())
      setSearchTextState('')
      setPage(1)
    },
  }
}
