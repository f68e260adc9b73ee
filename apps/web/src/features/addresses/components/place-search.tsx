import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import type { PlaceResult } from '@barrio/contracts/geo'
import { Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconMapPin, IconSearch } from '@tabler/icons-react'
import { useEffect, useId, useState, type KeyboardEvent } from 'react'

import { MIN_PLACE_QUERY_LENGTH, useFindPlaces } from '@/api/customer/places/find-places'
import { isNoResultsError } from '@/lib/maps/place-lookup'

import classes from './addresses.module.css'

export const PLACE_SEARCH_LABEL = 'Buscá tu dirección o tu barrio'

export type PlaceSearchProps = {
  onSelect: (place: PlaceResult) => void
  /** A choice is being resolved (place details): the options are disabled meanwhile. */
  busy?: boolean
  autoFocus?: boolean
}

/** The secondary line of an option: the formatted address without the leading name. */
function secondaryText(place: PlaceResult): string {
  const prefix = `${place.name}, `
  return place.formatted_address.startsWith(prefix)
    ? place.formatted_address.slice(prefix.length)
    : place.formatted_address
}

/**
 * Place search (spec section 7, maps service): a combobox whose list is filled by the place
 * lookup, 250 ms after the last keystroke (spec section 9, payload debounce). Arrow keys move
 * through the results, Enter picks one, Escape closes the list.
 */
export function PlaceSearch({ onSelect, busy = false, autoFocus = false }: PlaceSearchProps) {
  const [value, setValue] = useState('')
  const [debounced] = useDebouncedValue(value, PAYLOAD_DEBOUNCE_MS)
  const [active, setActive] = useState(-1)
  const [dismissed, setDismissed] = useState(false)
  const listId = useId()
  const optionId = (index: number) => `${listId}-option-${index}`

  const query = debounced.trim()
  const enabled = query.length >= MIN_PLACE_QUERY_LENGTH
  const { data, error, isFetching, isError, refetch } = useFindPlaces(query)
  const places = enabled && !isError ? (data ?? []) : []
  const open = places.length > 0 && !dismissed

  useEffect(() => {
    setActive(-1)
  }, [query, data])

  const choose = (place: PlaceResult | undefined) => {
    if (!place || busy) return
    setDismissed(true)
    onSelect(place)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (places.length === 0) return
      event.preventDefault()
      setDismissed(false)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current + step + places.length) % places.length)
    } else if (event.key === 'Enter') {
      if (open && active >= 0) {
        event.preventDefault()
        choose(places[active])
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setDismissed(true)
    }
  }

  const waiting = value.trim() !== query || isFetching
  let status: string | null = null
  if (value.trim().length > 0 && value.trim().length < MIN_PLACE_QUERY_LENGTH) {
    status = 'Escribí al menos 2 letras.'
  } else if (enabled && isError && !waiting) {
    status = isNoResultsError(error)
      ? `No encontramos lugares para “${query}”. Probá con calle y altura, o con el nombre de tu barrio.`
      : 'No pudimos buscar lugares en este momento.'
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={PLACE_SEARCH_LABEL}
        description="Calle y altura con tu barrio o localidad, para ubicar tu puerta; o solo el barrio."
        placeholder="Ej.: Gurruchaga 1723, Palermo"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value)
          setDismissed(false)
        }}
        onKeyDown={onKeyDown}
        autoFocus={autoFocus}
        autoComplete="off"
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={waiting && enabled ? <Loader size="xs" aria-label="Buscando" /> : null}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        data-mantine-stop-propagation={open ? 'true' : undefined}
      />
      <div aria-live="polite">
        {status ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed">
              {status}
            </Text>
            {isError && !isNoResultsError(error) ? (
              <Button size="compact-sm" variant="subtle" onClick={() => void refetch()}>
                Reintentar
              </Button>
            ) : null}
          </Group>
        ) : null}
      </div>
      <Paper
        withBorder={open}
        radius="md"
        component="ul"
        id={listId}
        role="listbox"
        aria-label="Lugares encontrados"
        className={classes.placeList}
        hidden={!open}
      >
        {open
          ? places.map((place, index) => (
              <li key={place.place_id} role="presentation">
                <UnstyledButton
                  component="div"
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  aria-label={place.formatted_address}
                  aria-disabled={busy || undefined}
                  tabIndex={-1}
                  className={classes.placeOption}
                  data-active={index === active || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(place)}
                >
                  <Group gap="sm" wrap="nowrap">
                    <IconMapPin size={18} aria-hidden className={classes.placeIcon} />
                    <div>
                      <Text fw={600} size="sm">
                        {place.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {secondaryText(place)}
                      </Text>
                    </div>
                  </Group>
                </UnstyledButton>
              </li>
            ))
          : null}
      </Paper>
    </Stack>
  )
}
