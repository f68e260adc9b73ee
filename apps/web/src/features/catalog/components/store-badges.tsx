import type { DeliveryType } from '@barrio/contracts/enums'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { Badge, Group } from '@mantine/core'
import { IconBuildingStore, IconMotorbike, IconTruckDelivery } from '@tabler/icons-react'

const DELIVERY_ICONS = {
  pickup: IconBuildingStore,
  delivery: IconMotorbike,
  shipping: IconTruckDelivery,
} as const

export function OpenBadge({ isOpen }: { isOpen: boolean }) {
  return (
    <Badge color={isOpen ? 'green' : 'gray'} variant={isOpen ? 'light' : 'outline'}>
      {isOpen ? 'Abierto' : 'Cerrado'}
    </Badge>
  )
}

/** One badge per delivery type, labelled as in contracts (Retiro en tienda, ...). */
export function DeliveryBadges({ types }: { types: readonly DeliveryType[] }) {
  if (types.length === 0) return null
  return (
    <Group
      gap={6}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Formas de entrega"
    >
      {types.map((type) => {
        const DeliveryIcon = DELIVERY_ICONS[type]
        return (
          <Badge
            key={type}
            component="li"
            variant="default"
            size="sm"
            tt="none"
            fw={500}
            leftSection={<DeliveryIcon size={12} aria-hidden />}
          >
            {DELIVERY_TYPE_LABELS[type]}
          </Badge>
        )
      })}
    </Group>
  )
}
