import type { PlaceResult } from '@barrio/contracts/geo'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { IconMapPin, IconSearch } from '@tabler/icons-react'
import { useState, type KeyboardEvent } from 'react'

import { DoorPin } from '@/components/maps/door-pin'
import { nudgePoint, PIN_STEP_METRES } from '@/lib/maps/nudge-point'
import { isNoResultsError, getPlaceLookup } from '@/lib/maps/place-lookup'

export const LOCATION_PIN_LABELS = {
  search: 'Buscar la dirección del comercio',
  searchButton: 'Buscar',
  results: 'Lugares encontrados',
  confirm: 'El pin marca la puerta de mi comercio',
  openMap: 'Ver el pin en OpenStreetMap',
  map: 'Mapa con el pin de tu comercio',
  pin: 'Pin de tu comercio: arrastralo o movelo con las flechas del teclado',
  nudge: 'Mover el pin con el teclado',
  north: 'Mover el pin hacia el norte',
  south: 'Mover el pin hacia el sur',
  east: 'Mover el pin hacia el este',
  west: 'Mover el pin hacia el oeste',
} as const

/** The form's errors when no place was chosen, or its pin is not confirmed. */
export const PLACE_REQUIRED_MESSAGE =
  'Buscá la dirección del comercio y elegí el lugar en la lista para ubicarlo en el mapa'
export const PIN_REQUIRED_MESSAGE = 'Confirmá que el pin marca la puerta de tu comercio'

export { nudgePoint, PIN_STEP_METRES }

export type LocationPinFieldProps = {
  /** The text to start from (the address typed so far). */
  initialQuery: string
  latitude: number | null
  longitude: number | null
  pinConfirmed: boolean
  /** The saved point is a guess (first store from the merchant application). */
  pending: boolean
  onChoose: (place: PlaceResult) => void
  /** The seller moved the pin (dragged on the map or with the arrow buttons), 6 decimals. */
  onMove: (latitude: number, longitude: number) => void
  onConfirmChange: (confirmed: boolean) => void
  error?: string | undefined
  confirmError?: string | undefined
}

/**
 * A shop's place: looked up with the app's place lookup (Google with a key, the API's gazetteer
 * otherwise), chosen from the results (which fills the address and the point), then adjusted on
 * a map by dragging the pin (or with the arrow buttons, from the keyboard) and confirmed. Never
 * typed coordinates: customers find the shop by this point. Used by the store form and the
 * merchant application.
 */
export function LocationPinField({
  initialQuery,
  latitude,
  longitude,
  pinConfirmed,
  pending,
  onChoose,
  onMove,
  onConfirmChange,
  error,
  confirmError,
}: LocationPinFieldProps) {
  const [query, setQuery] = useState<string | null>(null)
  const [results, setResults] = useState<PlaceResult[]>([])
  const [state, setState] = useState<{ loading: boolean; message?: string }>({ loading: false })
  const text = query ?? initialQuery

  async function search() {
    const input = text.trim()
    if (input.length < 2) {
      setState({ loading: false, message: 'Escribí al menos 2 letras.' })
      return
    }
    setState({ loading: true })
    try {
      setResults(await getPlaceLookup().findPlace(input))
      setState({ loading: false })
    } catch (err) {
      setResults([])
      setState({
        loading: false,
        message: isNoResultsError(err)
          ? `No encontramos lugares para “${input}”. Probá con calle, altura y localidad.`
          : 'No pudimos buscar lugares en este momento. Probá de nuevo.',
      })
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter searches here instead of submitting the whole store form.
      event.preventDefault()
      void search()
    }
  }

  const hasPoint = latitude !== null && longitude !== null

  return (
    <Stack gap="sm">
      {pending ? (
        <Alert color="yellow" variant="light" title="Ubicá tu tienda en el mapa">
          Armamos tu tienda con los datos de tu solicitud, pero el punto es aproximado: buscá la
          dirección, elegí el lugar y confirmá el pin antes de abrir.
        </Alert>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={LOCATION_PIN_LABELS.search}
          description="Calle, altura y localidad; elegí el lugar en la lista."
          value={text}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          error={error}
        />
        <Button variant="light" onClick={() => void search()} loading={state.loading}>
          {LOCATION_PIN_LABELS.searchButton}
        </Button>
      </Group>
      <div aria-live="polite">
        {state.message ? (
          <Text size="sm" c="dimmed">
            {state.message}
          </Text>
        ) : null}
      </div>
      {results.length > 0 ? (
        <Paper
          withBorder
          radius="md"
          component="ul"
          aria-label={LOCATION_PIN_LABELS.results}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {results.map((place) => (
            <li key={place.place_id}>
              <UnstyledButton
                p="sm"
                w="100%"
                aria-label={`Usar ${place.formatted_address}`}
                onClick={() => {
                  setResults([])
                  setState({ loading: false })
                  onChoose(place)
                }}
              >
                <Group gap="sm" wrap="nowrap">
                  <IconMapPin size={18} aria-hidden />
                  <div>
                    <Text fw={600} size="sm">
                      {place.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {place.formatted_address}
                    </Text>
                  </div>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Paper>
      ) : null}
      {hasPoint ? (
        <DoorPin
          latitude={latitude}
          longitude={longitude}
          onMove={onMove}
          hint="Arrastrá el pin hasta la puerta de tu comercio."
          labels={LOCATION_PIN_LABELS}
        >
          <Checkbox
            label={LOCATION_PIN_LABELS.confirm}
            checked={pinConfirmed}
            onChange={(event) => onConfirmChange(event.currentTarget.checked)}
            error={confirmError}
          />
        </DoorPin>
      ) : null}
    </Stack>
  )
}
