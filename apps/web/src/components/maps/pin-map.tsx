import 'leaflet/dist/leaflet.css'

import L from 'leaflet'
import { useEffect, useMemo, useRef } from 'react'
import {
  AttributionControl,
  MapContainer,
  Marker,
  TileLayer,
  useMap,
  ZoomControl,
} from 'react-leaflet'

import { mapTiles } from '@/config/map-tiles'
import { ARROW_STEPS, nudgePoint } from '@/lib/maps/nudge-point'

const LEAFLET_CREDIT =
  '<a href="https://leafletjs.com" title="Una biblioteca de JavaScript para mapas interactivos">Leaflet</a>'

export type PinMapProps = {
  latitude: number
  longitude: number
  /** The pin was dragged (or moved with the keyboard) to this point. */
  onMove: (latitude: number, longitude: number) => void
  /** The marker's accessible name ("Pin de tu comercio"). */
  pinLabel: string
  /** The map's accessible name. */
  label: string
}

// An inline SVG pin: Leaflet's default marker loads PNGs by a URL bundlers break, and this one
// takes the app's colour without an asset.
const PIN_ICON = L.divIcon({
  className: 'barrio-pin',
  html: `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="42" viewBox="0 0 32 42" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#e8590c" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>`,
  iconSize: [32, 42],
  iconAnchor: [16, 41],
})

/** Keeps the pin in view: a point chosen in the lookup (far away) recentres the map. */
function FollowPin({ latitude, longitude }: { latitude: number; longitude: number }) {
  const map = useMap()
  useEffect(() => {
    const point = L.latLng(latitude, longitude)
    if (!map.getBounds().pad(-0.1).contains(point)) map.setView(point, map.getZoom())
  }, [map, latitude, longitude])
  return null
}

/**
 * A Leaflet map with one draggable pin (react-leaflet). Loaded lazily by LocationPinField, so
 * Leaflet and its CSS stay out of every bundle but the forms that locate a shop.
 */
export function PinMap({ latitude, longitude, onMove, pinLabel, label }: PinMapProps) {
  const marker = useRef<L.Marker>(null)
  // The focused pin moves with the arrow keys (Leaflet's `keyboard` makes it focusable; the map
  // itself would pan with them, so the key stops at the pin).
  useEffect(() => {
    const element = marker.current?.getElement()
    if (!element) return
    const onKeyDown = (event: KeyboardEvent) => {
      const step = ARROW_STEPS[event.key]
      if (!step) return
      event.preventDefault()
      event.stopPropagation()
      const next = nudgePoint(latitude, longitude, step[0], step[1])
      onMove(next.latitude, next.longitude)
    }
    element.addEventListener('keydown', onKeyDown)
    return () => element.removeEventListener('keydown', onKeyDown)
  }, [latitude, longitude, onMove])
  const handlers = useMemo(
    () => ({
      dragend(event: L.LeafletEvent) {
        const point = (event.target as L.Marker).getLatLng()
        onMove(point.lat, point.lng)
      },
    }),
    [onMove],
  )
  return (
    <div role="region" aria-label={label}>
      <MapContainer
        center={[latitude, longitude]}
        zoom={17}
        scrollWheelZoom={false}
        zoomControl={false}
        attributionControl={false}
        style={{ height: 260, width: '100%', borderRadius: 8 }}
      >
        {/* Leaflet's own controls speak English ("Zoom in", its attribution's title). */}
        <ZoomControl position="topleft" zoomInTitle="Acercar" zoomOutTitle="Alejar" />
        <AttributionControl prefix={LEAFLET_CREDIT} />
        <TileLayer url={mapTiles.url} attribution={mapTiles.attribution} />
        <Marker
          ref={marker}
          position={[latitude, longitude]}
          draggable
          autoPan
          keyboard
          title={pinLabel}
          alt={pinLabel}
          icon={PIN_ICON}
          eventHandlers={handlers}
        />
        <FollowPin latitude={latitude} longitude={longitude} />
      </MapContainer>
    </div>
  )
}
