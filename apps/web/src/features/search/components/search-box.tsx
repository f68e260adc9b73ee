import type { GeoPoint } from '@barrio/contracts/geo'
import type { Suggestion } from '@barrio/contracts/search'
import { Button, CloseButton, Text, VisuallyHidden } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconClock, IconSearch } from '@tabler/icons-react'
import {
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'

import { useSuggestions } from '@/api/customer/search/get-suggestions'
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_LENGTH } from '@/api/customer/search/search-limits'
import { paths } from '@/config/paths'
import {
  addRecentSearch,
  clearRecentSearches,
  removeRecentSearch,
  useRecentSearches,
} from '@/features/search/utils/recent-searches'

import classes from './search-box.module.css'

export const SEARCH_BOX_LABEL = 'Buscar productos y comercios'

type Item =
  | { key: string; kind: 'recent'; label: string }
  | { key: string; kind: Suggestion['kind']; label: string; suggestion: Suggestion }

const GROUPS: { kind: Suggestion['kind']; label: string }[] = [
  { kind: 'product', label: 'Productos' },
  { kind: 'store', label: 'Comercios' },
  { kind: 'category', label: 'Rubros' },
]

/** Where a picked suggestion leads; a product or shop without its handle falls back to a search. */
function suggestionHref(suggestion: Suggestion): string {
  const { kind, label } = suggestion
  if (kind === 'product') {
    const shop = suggestion.storeHandle ?? suggestion.storeId
    const product = suggestion.handle ?? suggestion.id
    if (shop && product) return paths.product.getHref(shop, product)
  }
  if (kind === 'store') {
    const shop = suggestion.handle ?? suggestion.id
    if (shop) return paths.shop.getHref(shop)
  }
  if (kind === 'category' && suggestion.id)
    return paths.search.getHref(label, { category: suggestion.id })
  return paths.search.getHref(label)
}

const keepFocus = (event: MouseEvent) => event.preventDefault()

/**
 * The header's search box (issue 25): suggestions near the selected address as the customer
 * types (products, shops and categories, after SUGGEST_MIN_LENGTH letters and a 250 ms pause),
 * the device's recent searches while it is empty, and Enter for the results page.
 *
 * An ARIA 1.2 combobox written by hand rather than Mantine's Combobox: the header is on every
 * first page, and Combobox brings Popover and floating-ui (~50 KB) plus CSS the first page does
 * not load (decision 016). Focus stays in the input; the arrows move the highlighted option
 * (`aria-activedescendant`), Enter picks it or, with none, searches the text; Escape closes.
 */
export function SearchBox({ point }: { point: GeoPoint | null }) {
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const onResultsPage = location.pathname === paths.search.path
  const urlQuery = onResultsPage ? (params.get('q') ?? '') : ''

  const [text, setText] = useState(urlQuery)
  // The results page's own query shows in the box (a link, back and forward change it).
  const [shownQuery, setShownQuery] = useState(urlQuery)
  if (urlQuery !== shownQuery) {
    setShownQuery(urlQuery)
    if (onResultsPage) setText(urlQuery)
  }

  const [expanded, setExpanded] = useState(false)
  const [activeKey, setActiveKey] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const baseId = useId()
  const listId = `${baseId}-list`

  const typed = text.trim()
  const [debounced] = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS)
  const suggestions = useSuggestions(
    { q: debounced, lat: point?.lat, lng: point?.lng },
    { enabled: expanded },
  )
  const recents = useRecentSearches()

  const showRecents = typed === ''
  const docs =
    point && typed.length >= SUGGEST_MIN_LENGTH && debounced.length >= SUGGEST_MIN_LENGTH
      ? (suggestions.data?.docs ?? [])
      : []
  const groups = GROUPS.map((group) => ({
    ...group,
    items: docs
      .map((suggestion, index): Item => ({
        key: `${suggestion.kind}-${index}`,
        kind: suggestion.kind,
        label: suggestion.label,
        suggestion,
      }))
      .filter((item) => item.kind === group.kind),
  })).filter((group) => group.items.length > 0)
  const items: Item[] = showRecents
    ? recents.map((label) => ({ key: `recent-${label}`, kind: 'recent' as const, label }))
    : groups.flatMap((group) => group.items)

  const open = expanded && items.length > 0
  const activeIndex = open ? items.findIndex((item) => item.key === activeKey) : -1
  const optionId = (item: Item) => `${baseId}-${items.indexOf(item)}`

  const close = () => {
    setExpanded(false)
    setActiveKey(null)
  }

  const search = (query: string) => {
    const q = query.trim().replace(/\s+/g, ' ')
    if (q === '') return
    addRecentSearch(q)
    setText(q)
    close()
    inputRef.current?.blur()
    void navigate(paths.search.getHref(q))
  }

  const pick = (item: Item) => {
    if (item.kind === 'recent') {
      search(item.label)
      return
    }
    addRecentSearch(item.label)
    close()
    inputRef.current?.blur()
    setText(item.kind === 'category' ? item.label : '')
    void navigate(suggestionHref(item.suggestion))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) {
        setExpanded(true)
        return
      }
      const last = items.length - 1
      const next =
        event.key === 'ArrowDown'
          ? activeIndex >= last
            ? 0
            : activeIndex + 1
          : activeIndex <= 0
            ? last
            : activeIndex - 1
      setActiveKey(items[next]!.key)
    } else if (event.key === 'Enter') {
      const item = activeIndex >= 0 ? items[activeIndex] : undefined
      if (item) {
        event.preventDefault()
        pick(item)
      }
      // Otherwise the form submits: the results page for the text.
    } else if (event.key === 'Escape') {
      if (open || expanded) {
        // Also keeps the browser from emptying a search field.
        event.preventDefault()
        close()
      }
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    search(text)
  }

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    // Focus moving to a button of the dropdown (remove a recent search) keeps it open.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close()
  }

  const renderOption = (item: Item) => {
    const active = items[activeIndex] === item
    return (
      <div
        key={item.key}
        id={optionId(item)}
        role="option"
        aria-selected={active}
        data-active={active || undefined}
        className={classes.option}
        onMouseDown={keepFocus}
        onMouseEnter={() => setActiveKey(item.key)}
        onClick={() => pick(item)}
      >
        {item.kind === 'recent' ? (
          <IconClock size={16} aria-hidden className={classes.optionIcon} />
        ) : null}
        <span className={classes.optionText}>
          <span className={classes.optionLabel}>{item.label}</span>
          {item.kind === 'product' && item.suggestion.storeName ? (
            <Text span size="xs" c="dimmed" className={classes.optionLabel}>
              {item.suggestion.storeName}
            </Text>
          ) : null}
        </span>
      </div>
    )
  }

  return (
    <form role="search" className={classes.form} onSubmit={onSubmit} onBlur={onBlur}>
      <IconSearch size={18} aria-hidden className={classes.icon} />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        name="q"
        className={classes.input}
        aria-label={SEARCH_BOX_LABEL}
        placeholder="Buscá alfajores, yerba, farmacia…"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(items[activeIndex]!) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value)
          setExpanded(true)
          setActiveKey(null)
        }}
        onFocus={() => setExpanded(true)}
        onClick={() => setExpanded(true)}
        onKeyDown={onKeyDown}
      />
      <VisuallyHidden aria-live="polite">
        {open && !showRecents
          ? `${items.length} ${items.length === 1 ? 'sugerencia' : 'sugerencias'}`
          : ''}
      </VisuallyHidden>
      {open ? (
        <div className={classes.dropdown}>
          {showRecents ? (
            <>
              <div className={classes.recents}>
                <div role="listbox" id={listId} aria-label="Búsquedas recientes">
                  {items.map(renderOption)}
                </div>
                <div className={classes.removers}>
                  {items.map((item) => (
                    <CloseButton
                      key={item.key}
                      size="lg"
                      className={classes.remover}
                      aria-label={`Quitar «${item.label}» de las búsquedas recientes`}
                      onMouseDown={keepFocus}
                      onClick={() => {
                        removeRecentSearch(item.label)
                        inputRef.current?.focus()
                      }}
                    />
                  ))}
                </div>
              </div>
              <Button
                variant="subtle"
                size="compact-sm"
                color="gray"
                className={classes.clear}
                onMouseDown={keepFocus}
                onClick={() => {
                  clearRecentSearches()
                  inputRef.current?.focus()
                }}
              >
                Borrar búsquedas recientes
              </Button>
            </>
          ) : (
            <div role="listbox" id={listId} aria-label="Sugerencias">
              {groups.map((group) => (
                <div
                  key={group.kind}
                  role="group"
                  aria-labelledby={`${baseId}-${group.kind}`}
                  className={classes.group}
                >
                  <div
                    id={`${baseId}-${group.kind}`}
                    role="presentation"
                    className={classes.groupLabel}
                  >
                    {group.label}
                  </div>
                  {group.items.map(renderOption)}
                </div>
              ))}
            </div>
          )}
        </div>
      ) : null}
    </form>
  )
}
