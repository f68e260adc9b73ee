import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { discountLabel } from '@barrio/contracts/labels-es'
import { scheduledForLabel } from '@barrio/contracts/store-time-labels'
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { useState, type ReactNode } from 'react'

import { formatMoney, formatDateTime } from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'
import { useUpdateOrder } from '@/api/admin/orders/update-order'
import { FulfillmentsSection } from '@/features/admin-orders/components/fulfillments-section'
import { OrderActionsPanel } from '@/features/admin-orders/components/order-actions-panel'
import { OrderInvoices } from '@/features/admin-orders/components/order-invoices'
import { OrderBadges } from '@/components/order-badges/order-badges'

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-section-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  )
}

function MoneyRow({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {formatMoney(cents)}
      </Text>
    </Group>
  )
}

function Items({ order }: { order: AdminOrder }) {
  return (
    <Section title="Productos">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {order.items.map((item) => (
          <Group key={item._id} component="li" wrap="nowrap" gap="sm" align="flex-start">
            <Avatar src={item.imageUrl} alt="" radius="sm">
              <IconPhoto size={18} aria-hidden />
            </Avatar>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {item.title}
              </Text>
              {item.variantTitle && item.variantTitle !== 'Predeterminado' ? (
                <Text size="xs" c="dimmed">
                  {item.variantTitle}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed">
                {item.quantity} × {formatMoney(item.unitPrice)}
              </Text>
              {item.fulfilledQuantity > 0 || item.refundedQuantity > 0 ? (
                <Text size="xs" c="dimmed">
                  {[
                    item.fulfilledQuantity > 0
                      ? `En envíos: ${item.fulfilledQuantity} de ${item.quantity}`
                      : null,
                    item.refundedQuantity > 0 ? `Reembolsados: ${item.refundedQuantity}` : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              ) : null}
            </Stack>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(item.lineTotal)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Divider my="sm" />
      <Stack gap={4} aria-label="Totales">
        <MoneyRow label="Subtotal" cents={order.subtotal} />
        {order.deliveryFee > 0 ? <MoneyRow label="Envío" cents={order.deliveryFee} /> : null}
        {order.taxLines
          .filter((t) => !t.included)
          .map((t) => (
            <MoneyRow key={t.name} label={t.name} cents={t.amount} />
          ))}
        {order.discount > 0 ? (
          <MoneyRow
            label={discountLabel(order)}
            cents={-order.discount}
          />
        ) : null}
        <MoneyRow label="Total" cents={order.total} strong />
        {order.refundedAmount > 0 ? (
          <MoneyRow label="Reembolsado" cents={-order.refundedAmount} />
        ) : null}
      </Stack>
    </Section>
  )
}

function Timeline({ order, storeId }: { order: AdminOrder; storeId: string | null }) {
  const action = useUpdateOrder(storeId, order._id)
  const [note, setNote] = useState('')
  const entries = [...order.timeline].reverse()
  return (
    <Section title="Historial">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          const text = note.trim()
          if (!text) return
          action.mutate({ internalNote: text }, { onSuccess: () => setNote('') })
        }}
      >
        <Stack gap="xs" mb="md">
          <Textarea
            label="Nota interna"
            description="Solo para tu equipo."
            autosize
            minRows={2}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={action.isPending} disabled={!note.trim()}>
              Agregar nota
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack
        component="ol"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Historial del pedido"
      >
        {entries.map((entry, index) => (
          <li key={`${entry.type}-${entry.createdAt}-${index}`}>
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {entry.label}
              </Text>
              {entry.type === 'INTERNAL_NOTE_ADDED' ? (
                <Badge size="xs" variant="light" color="gray" tt="none">
                  Interna
                </Badge>
              ) : null}
            </Group>
            {entry.note ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {entry.note}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              {entry.actor ? ` · por ${entry.actor}` : null}
            </Text>
          </li>
        ))}
      </Stack>
    </Section>
  )
}

function Customer({ order }: { order: AdminOrder }) {
  const { contact } = order
  return (
    <Section title="Cliente">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {contact.firstName} {contact.lastName}
        </Text>
        {contact.email ? (
          <Anchor size="sm" href={`mailto:${contact.email}`} style={{ wordBreak: 'break-all' }}>
            {contact.email}
          </Anchor>
        ) : null}
        <Anchor size="sm" href={`tel:${contact.phone}`}>
          {formatPhone(contact.phone)}
        </Anchor>
        {/* No e-mail: our notices do not reach them; "Avisar por WhatsApp" does (issue 22). */}
        {!contact.email.trim() ? (
          <Text size="xs" c="dimmed" mt={4}>
            No tiene e-mail: no le llegan nuestros avisos del pedido.
          </Text>
        ) : null}
      </Stack>
    </Section>
  )
}

function Delivery({ order }: { order: AdminOrder }) {
  return (
    <Section title="Entrega">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {order.deliveryTypeLabel}
        </Text>
        {order.scheduledFor ? (
          <Text size="sm" fw={600} data-testid="order-scheduled">
            <time dateTime={order.scheduledFor.start}>{scheduledForLabel(order.scheduledFor)}</time>
          </Text>
        ) : null}
        {order.shippingAddress ? (
          <>
            <Text size="sm">{order.shippingAddress.formattedAddress}</Text>
            {order.shippingAddress.notes ? (
              <Text size="sm" c="dimmed">
                {order.shippingAddress.notes}
              </Text>
            ) : null}
          </>
        ) : order.pickupAddress ? (
          <Text size="sm">Retira en {order.pickupAddress}</Text>
        ) : null}
        {order.customerNote ? (
          <Text size="sm" mt={4}>
            <Text span fw={600}>
              Nota del cliente:
            </Text>{' '}
            {order.customerNote}
          </Text>
        ) : null}
      </Stack>
    </Section>
  )
}

function Payment({ order }: { order: AdminOrder }) {
  return (
    <Section title="Pago">
      <Stack gap={4}>
        <Text size="sm">{order.paymentMethodLabel}</Text>
        <Text size="sm" c="dimmed">
          {order.paymentStatusLabel}
        </Text>
        {order.refundedAmount > 0 ? (
          <Text size="sm">
            Reembolsaste {formatMoney(order.refundedAmount)} de {formatMoney(order.total)}.
          </Text>
        ) : null}
      </Stack>
    </Section>
  )
}

/** A seller's order: what was bought, who and where, its history, and what to do next. */
export function OrderDetail({ order, storeId }: { order: AdminOrder; storeId: string | null }) {
  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <OrderBadges order={order} />
        <Text size="sm" c="dimmed">
          {formatDateTime(order.createdAt)}
        </Text>
        {order.scheduledFor ? (
          <Text size="sm" fw={600}>
            {scheduledForLabel(order.scheduledFor)}
          </Text>
        ) : null}
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md">
            <Items order={order} />
            <FulfillmentsSection order={order} storeId={storeId} />
            <Timeline order={order} storeId={storeId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <OrderActionsPanel order={order} storeId={storeId} />
            <Customer order={order} />
            <Delivery order={order} />
            <Payment order={order} />
            <OrderInvoices order={order} storeId={storeId} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
