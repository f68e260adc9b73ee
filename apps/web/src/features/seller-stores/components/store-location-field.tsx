import type { PlaceResult } from '@barrio/contracts/geo'
import {
  Alert,
  Anchor,
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

import { isNoResultsError, getPlaceLookup } from '@/lib/maps/place-lookup'

export const STORE_LOCATION_LABELS = {
  search: 'Buscar la dirección del comercio',
  searchButton: 'Buscar',
  results: 'Lugares encontrados',
  confirm: 'El pin marca la puerta de mi comercio',
  openMap: 'Ver el pin en el mapa',
} as const

export type StoreLocationFieldProps = {
  /** The text to start from (the address typed so far). */
  initialQuery: string
  latitude: number | null
  longitude: number | null
  pinConfirmed: boolean
  /** The saved point is a guess (first store from the merchant application). */
  pending: boolean
  onChoose: (place: PlaceResult) => void
  onConfirmChange: (confirmed: boolean) => void
  error?: string | undefined
  confirmError?: string | undefined
}

/** OpenStreetMap centred on the point with a marker: the pin the seller checks. */
function mapUrl(latitude: number, longitude: number) {
  const lat = latitude.toFixed(6)
  const lng = longitude.toFixed(6)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`
}

/**
 * The store's place: looked up with the app's place lookup (Google with a key, the API's
 * gazetteer otherwise), chosen from the results (which fills the address and the point) and
 * confirmed on the map. Never typed coordinates: customers find the store by this point.
 */
export function StoreLocationField({
  initialQuery,
  latitude,
  longitude,
  pinConfirmed,
  pending,
  onChoose,
  onConfirmChange,
  error,
  confirmError,
}: StoreLocationFieldProps) {
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
          label={STORE_LOCATION_LABELS.search}
          description="Calle, altura y localidad; elegí el lugar en la lista."
          value={text}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          leftSection={<IconSearch size={16} aria-hidden />}
          error={error}
        />
        <Button variant="light" onClick={() => void search()} loading={state.loading}>
          {STORE_LOCATION_LABELS.searchButton}
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
          aria-label={STORE_LOCATION_LABELS.results}
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
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Group gap="xs" wrap="nowrap">
              <IconMapPin size={18} aria-hidden />
              <Text size="sm">Pin de tu tienda</Text>
              <Anchor href={mapUrl(latitude, longitude)} target="_blank" rel="noreferrer" size="sm">
                {STORE_LOCATION_LABELS.openMap}
              </Anchor>
            </Group>
            <Checkbox
              label={STORE_LOCATION_LABELS.confirm}
              checked={pinConfirmed}
              onChange={(event) => onConfirmChange(event.currentTarget.checked)}
              error={confirmError}
            />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  )
}
