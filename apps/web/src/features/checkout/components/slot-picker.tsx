import type { DeliveryOption } from '@barrio/contracts/checkout'
import { buenosAiresDayOf, clockLabel, dayLabel } from '@barrio/contracts/store-time-labels'
import { Alert, Group, Loader, Radio, Select, Stack, Text } from '@mantine/core'
import { useState } from 'react'

import { useSlots } from '@/api/customer/checkout/get-slots'

export const WHEN_GROUP_LABEL = '¿Cuándo lo querés?'
export const SLOT_LABEL = 'Franja horaria'
export const DAY_LABEL = 'Día'

export type When = 'asap' | 'scheduled'

export type SlotPickerProps = {
  checkoutId: string
  option: DeliveryOption & { type: 'pickup' | 'delivery' }
  when: When
  onWhenChange: (when: When) => void
  slot: string | null
  onSlotChange: (slot: string | null) => void
  error?: string | undefined
}

/**
 * "Lo antes posible" or "Programar" (issue 26), then a day and one of its slots with room, from
 * GET /checkout/{id}/slots. A shop closed now offers only "Programar". Native-like Selects: the
 * keyboard and a phone's picker both work.
 */
export function SlotPicker({
  checkoutId,
  option,
  when,
  onWhenChange,
  slot,
  onSlotChange,
  error,
}: SlotPickerProps) {
  const [day, setDay] = useState<string | null>(slot ? buenosAiresDayOf(slot) : null)
  // The first answer (today's) also says which days may be asked for.
  const first = useSlots(
    checkoutId,
    { date: day ?? buenosAiresDayOf(new Date()), deliveryType: option.type },
    when === 'scheduled',
  )
  const days = first.data?.days ?? []
  const chosenDay = day ?? days[0] ?? null
  const slots = useSlots(
    checkoutId,
    { date: chosenDay ?? '', deliveryType: option.type },
    when === 'scheduled' && chosenDay !== null,
  )
  const docs = slots.data?.docs ?? []

  return (
    <Stack gap="sm">
      <Radio.Group
        label={WHEN_GROUP_LABEL}
        value={when}
        onChange={(next) => {
          onWhenChange(next as When)
          if (next === 'asap') onSlotChange(null)
        }}
        name="when"
      >
        <Group gap="lg" mt={6}>
          <Radio
            value="asap"
            label="Lo antes posible"
            disabled={!option.asap}
            description={option.asap ? option.estimate : 'El comercio está cerrado ahora'}
          />
          <Radio value="scheduled" label="Programar" description="Elegí día y franja" />
        </Group>
      </Radio.Group>
      {when === 'scheduled' ? (
        first.isPending || (chosenDay !== null && slots.isPending) ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Buscando franjas disponibles…</Text>
          </Group>
        ) : first.isError || slots.isError ? (
          <Alert color="red" variant="light" role="alert">
            No pudimos traer las franjas. Probá de nuevo en un momento.
          </Alert>
        ) : days.length === 0 ? (
          <Text size="sm" c="dimmed">
            Este comercio no tiene franjas para programar ahora.
          </Text>
        ) : (
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Select
              label={DAY_LABEL}
              data={days.map((d) => ({ value: d, label: dayLabel(d) }))}
              value={chosenDay}
              onChange={(next) => {
                setDay(next)
                onSlotChange(null)
              }}
              allowDeselect={false}
              w={170}
            />
            <Select
              label={SLOT_LABEL}
              placeholder={docs.length > 0 ? 'Elegí una franja' : 'Sin franjas ese día'}
              data={docs.map((s) => ({
                value: s.start,
                label: `${clockLabel(s.start)}–${clockLabel(s.end)}${s.remaining <= 2 ? ` (quedan ${s.remaining})` : ''}`,
              }))}
              value={slot && docs.some((s) => s.start === slot) ? slot : null}
              onChange={onSlotChange}
              disabled={docs.length === 0}
              error={error}
              required
              w={220}
            />
          </Group>
        )
      ) : null}
      {when === 'scheduled' && error && days.length === 0 ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  )
}
