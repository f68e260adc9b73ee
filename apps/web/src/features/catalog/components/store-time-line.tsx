import { etaLabel, storeStatusLabel } from '@barrio/contracts/store-time-labels'
import type { Store } from '@barrio/contracts/stores'
import { Text, type TextProps } from '@mantine/core'

/**
 * "Abierto · cierra 20:00 · 25–35 min" or "Cerrado · abre mañana 9:00" (issue 26): what the API
 * decided from the shop's switch, hours, closures and holidays, in the words every place uses
 * (contracts/store-time-labels). The ETA is the API's, for delivery at the customer's address
 * when the shop delivers there, else for pickup.
 */
export function StoreTimeLine({
  store,
  now = new Date(),
  ...props
}: { store: Store; now?: Date } & TextProps) {
  const status = storeStatusLabel(store, now)
  const eta = store.openNow && store.etaMinutes ? store.etaMinutes : null
  return (
    <Text size="sm" data-testid="store-time" {...props}>
      {/* Closed in the text colour: orange on white falls short of 4.5:1 (axe). */}
      <Text span inherit fw={600} c={store.openNow ? 'var(--mantine-color-green-text)' : undefined}>
        {status}
      </Text>
      {eta ? (
        <Text span inherit>
          {` · ${eta.deliveryType === 'delivery' ? 'llega en' : 'listo en'} ${etaLabel(eta)}`}
        </Text>
      ) : null}
    </Text>
  )
}
