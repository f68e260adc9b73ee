import { whenLabel } from '@barrio/contracts/store-time-labels'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import type { Store } from '@barrio/contracts/stores'
import {
  Accordion,
  Alert,
  Anchor,
  Avatar,
  Box,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import {
  IconClock,
  IconInfoCircle,
  IconMapPin,
  IconMotorbike,
  IconPhone,
} from '@tabler/icons-react'

import { formatDecimal } from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'
import { OpenBadge } from '@/features/catalog/components/store-badges'
import { formatDistance } from '@/features/catalog/utils/format'
import { StoreTimeLine } from '@/features/catalog/components/store-time-line'
import { WhatsAppContact } from '@/features/catalog/components/whatsapp-contact'
import { dayKeyAt, weeklyHours } from '@/features/catalog/utils/opening-hours'
import { upcomingClosures } from '@/features/catalog/utils/closures'
import {
  deliveryTermsSentence,
  shippingFeeText,
  termsSummary,
} from '@/features/catalog/utils/terms'

import classes from './catalog.module.css'

export function storeAddressLine(store: Store): string {
  const { street, number, neighbourhood, city, provinceName } = store.address
  return [`${street} ${number}`, neighbourhood, city === neighbourhood ? null : city, provinceName]
    .filter((part, index, all) => part && all.indexOf(part) === index)
    .join(', ')
}

/** What each delivery type means at this shop. */
function deliveryDetail(store: Store, type: Store['deliveryTypes'][number]): string {
  if (type === 'pickup')
    return `${DELIVERY_TYPE_LABELS.pickup}: pasá a buscar tu pedido por el local.`
  if (type === 'delivery') {
    const terms = store.terms?.delivery
    return `${DELIVERY_TYPE_LABELS.delivery}: el comercio te lo lleva dentro de los ${formatDecimal(store.deliveryRadiusKm, 3)} km.${terms ? ` ${deliveryTermsSentence(terms)}` : ''}`
  }
  const shipping = store.terms?.shipping
  return `${DELIVERY_TYPE_LABELS.shipping}: envío por correo a todo el país.${shipping ? ` ${shippingFeeText(shipping)}.` : ''}`
}

export function WeeklyHoursTable({ store, now = new Date() }: { store: Store; now?: Date }) {
  const today = dayKeyAt(now)
  return (
    <Table withRowBorders={false} verticalSpacing={4} fz="sm" maw={420}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        Horarios de atención (hora de Argentina)
      </Table.Caption>
      <Table.Tbody>
        {weeklyHours(store.openingHours).map((row) => (
          <Table.Tr key={row.day} fw={row.day === today ? 700 : undefined}>
            <Table.Th scope="row" fw={row.day === today ? 700 : 500}>
              {row.name}
              {row.day === today ? ' (hoy)' : ''}
            </Table.Th>
            <Table.Td>{row.hours}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** The shop page while it loads: the cover, logo and title boxes of StoreHeader, same sizes. */
export function StoreHeaderSkeleton() {
  return (
    <Stack gap="md">
      <Box>
        <Skeleton className={classes.shopCover} />
        <Skeleton height={80} circle className={classes.shopLogo} />
      </Box>
      <Stack gap={6}>
        <Skeleton height={40} width="60%" />
        <Skeleton height={16} width="40%" />
      </Stack>
    </Stack>
  )
}

/** The closures still ahead ("Vacaciones: del 20/12 al 5/1"), under the weekly hours. */
function UpcomingClosures({ store }: { store: Store }) {
  const ahead = upcomingClosures(store)
  if (ahead.length === 0) return null
  return (
    <Stack gap={4} mt="sm">
      <Text size="sm" fw={600}>
        Días cerrado
      </Text>
      <List size="sm" spacing={2}>
        {ahead.map((c) => (
          <List.Item key={`${c.from}-${c.to}`}>{c.label}</List.Item>
        ))}
      </List>
    </Stack>
  )
}

/**
 * The top of a shop page: cover and logo, name, address, open/closed with today's hours, what
 * delivery costs and the minimum order (issue 30), the weekly hours, the delivery options with
 * their fees, and a notice when the shop is closed.
 */
export function StoreHeader({
  store,
  distanceKm,
}: {
  store: Store
  /** From the selected address, when there is one. */
  distanceKm?: number | null
}) {
  const terms = termsSummary(store.terms)
  const closureNow = store.closure?.reason ? store.closure : null
  return (
    <Stack gap="md">
      <Box>
        <Box className={classes.shopCover}>
          {store.coverUrl ? (
            // The page's largest image (LCP): fetched first, sized before any CSS.
            <img
              src={store.coverUrl}
              alt=""
              className={classes.cover}
              width={1200}
              height={400}
              fetchPriority="high"
            />
          ) : null}
        </Box>
        <Avatar
          src={store.logoUrl}
          alt={`Logo de ${store.name}`}
          size={80}
          radius="xl"
          className={classes.shopLogo}
          color="green"
        >
          {store.name.slice(0, 1)}
        </Avatar>
      </Box>
      <Stack gap={6}>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {store.name}
          </Title>
          <OpenBadge isOpen={store.openNow} />
        </Group>
        {store.description ? <Text c="dimmed">{store.description}</Text> : null}
        <Group gap="lg" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">
              {storeAddressLine(store)}
              {typeof distanceKm === 'number' ? (
                <Text span size="sm" fw={600}>
                  {` · ${formatDistance(distanceKm)} de tu dirección`}
                </Text>
              ) : null}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconClock size={16} aria-hidden style={{ flexShrink: 0 }} />
            <StoreTimeLine store={store} />
          </Group>
          {terms.length > 0 ? (
            <Group gap={6} wrap="nowrap">
              <IconMotorbike size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm" data-testid="store-terms">
                {terms.join(' · ')}
              </Text>
            </Group>
          ) : null}
          {store.phone ? (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Anchor href={`tel:${store.phone}`} size="sm">
                {formatPhone(store.phone)}
              </Anchor>
            </Group>
          ) : null}
          <WhatsAppContact store={store} />
        </Group>
      </Stack>

      {!store.openNow ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title="Este comercio está cerrado ahora"
        >
          {store.nextOpening
            ? `Abre ${whenLabel(store.nextOpening)}. Podés ver sus productos; toma pedidos cuando abra.`
            : 'Podés ver sus productos, pero no toma pedidos hasta que vuelva a abrir.'}
          {closureNow ? ` Motivo: ${closureNow.reason}.` : ''}
        </Alert>
      ) : null}

      <Accordion variant="separated" radius="md" multiple defaultValue={[]}>
        <Accordion.Item value="horarios">
          <Accordion.Control icon={<IconClock size={18} aria-hidden />}>
            Horarios de la semana
          </Accordion.Control>
          <Accordion.Panel>
            <WeeklyHoursTable store={store} />
            <UpcomingClosures store={store} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="entregas">
          <Accordion.Control>Entregas y retiro</Accordion.Control>
          <Accordion.Panel>
            {store.deliveryTypes.length > 0 ? (
              <List size="sm" spacing={4}>
                {store.deliveryTypes.map((type) => (
                  <List.Item key={type}>{deliveryDetail(store, type)}</List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm">Este comercio todavía no configuró sus formas de entrega.</Text>
            )}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  )
}
