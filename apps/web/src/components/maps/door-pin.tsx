import { ActionIcon, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconMapPin,
} from '@tabler/icons-react'
import { lazy, Suspense, useCallback, type ReactNode } from 'react'

import { nudgePoint, PIN_STEP_METRES } from '@/lib/maps/nudge-point'

// Leaflet (and its CSS) load with the first form that shows a pin, never with the first page.
const PinMap = lazy(() =>
  import('@/components/maps/pin-map').then((module) => ({ default: module.PinMap })),
)

/** The accessible names of the pin's parts (a shop's and a customer's say whose door it is). */
export type DoorPinLabels = {
  openMap: string
  map: string
  pin: string
  nudge: string
  north: string
  south: string
  east: string
  west: string
}

export type DoorPinProps = {
  latitude: number
  longitude: number
  /** The pin moved (dragged on the map, arrow keys on it, or the arrow buttons), 6 decimals. */
  onMove: (latitude: number, longitude: number) => void
  /** What to do, above the map ("Mové el pin a tu puerta"). */
  hint: string
  labels: DoorPinLabels
  /** Below the arrows: a confirmation, a note. */
  children?: ReactNode
}

/** OpenStreetMap centred on the point with a marker: the pin, checked on a full map. */
function mapUrl(latitude: number, longitude: number) {
  const lat = latitude.toFixed(6)
  const lng = longitude.toFixed(6)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`
}

/**
 * A door on a map: a draggable pin (Leaflet, a lazy chunk) with four arrow buttons for keyboard
 * and switch users. The one pin of the app: the store form and the merchant application place a
 * shop with it (LocationPinField), customers place their door (the address form; decision 038).
 */
export function DoorPin({ latitude, longitude, onMove, hint, labels, children }: DoorPinProps) {
  const move = useCallback(
    (lat: number, lng: number) => onMove(Number(lat.toFixed(6)), Number(lng.toFixed(6))),
    [onMove],
  )
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <IconMapPin size={18} aria-hidden />
            <Text size="sm">{hint}</Text>
          </Group>
          <Anchor href={mapUrl(latitude, longitude)} target="_blank" rel="noreferrer" size="sm">
            {labels.openMap}
          </Anchor>
        </Group>
        <Suspense
          fallback={
            <Group h={260} justify="center" aria-label="Cargando el mapa…" role="status">
              <Loader size="sm" />
            </Group>
          }
        >
          <PinMap
            latitude={latitude}
            longitude={longitude}
            onMove={move}
            label={labels.map}
            pinLabel={labels.pin}
          />
        </Suspense>
        <PinNudge latitude={latitude} longitude={longitude} onMove={onMove} labels={labels} />
        {children}
      </Stack>
    </Paper>
  )
}

/** Four buttons that move the pin ~10 m each way: the map's pin for keyboard and switch users. */
function PinNudge({
  latitude,
  longitude,
  onMove,
  labels,
}: {
  latitude: number
  longitude: number
  onMove: (latitude: number, longitude: number) => void
  labels: DoorPinLabels
}) {
  const step = (north: number, east: number) => {
    const next = nudgePoint(latitude, longitude, north, east)
    onMove(next.latitude, next.longitude)
  }
  const s = PIN_STEP_METRES
  const buttons = [
    { label: labels.north, icon: IconArrowUp, north: s, east: 0 },
    { label: labels.west, icon: IconArrowLeft, north: 0, east: -s },
    { label: labels.east, icon: IconArrowRight, north: 0, east: s },
    { label: labels.south, icon: IconArrowDown, north: -s, east: 0 },
  ]
  return (
    <Group gap="xs" role="group" aria-label={labels.nudge} wrap="wrap">
      <Text size="xs" c="dimmed">
        Ajustá el pin de a {PIN_STEP_METRES} metros:
      </Text>
      <Group gap={4} wrap="nowrap">
        {buttons.map(({ label, icon: Icon, north, east }) => (
          <ActionIcon
            key={label}
            variant="default"
            size="lg"
            aria-label={label}
            title={label}
            onClick={() => step(north, east)}
          >
            <Icon size={18} aria-hidden />
          </ActionIcon>
        ))}
      </Group>
    </Group>
  )
}
