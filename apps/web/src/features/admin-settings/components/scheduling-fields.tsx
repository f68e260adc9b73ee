import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { NumberInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core'

import type { AppFormApi } from '@/components/form/use-app-form'
import type {
  LogisticsFormValues,
  SchedulableType,
  SchedulingDraft,
} from '@/features/admin-settings/utils/logistics-form'

export const SCHEDULING_LABELS = {
  title: 'Pedidos programados',
  /** The switch's accessible name, one per delivery type. */
  enabled: (type: SchedulableType) => `Pedidos programados: ${DELIVERY_TYPE_LABELS[type]}`,
  slotMinutes: 'Duración de cada franja (minutos)',
  slotCapacity: 'Pedidos por franja',
  prepMinutes: 'Preparación de un pedido programado (minutos)',
  maxDaysAhead: 'Días de anticipación',
  cutoffMinutes: 'Cierre antes de la franja (minutos)',
} as const

type NumberKey = Exclude<keyof SchedulingDraft, 'enabled'>

const FIELDS: Array<{
  key: NumberKey
  description: string
  min: number
  max: number
}> = [
  { key: 'slotMinutes', description: 'Entre 15 y 120 minutos.', min: 15, max: 120 },
  {
    key: 'slotCapacity',
    description: 'Cuántos pedidos podés preparar en una misma franja.',
    min: 1,
    max: 500,
  },
  {
    key: 'prepMinutes',
    description:
      'La primera franja que ofrecemos empieza después de este tiempo, y te recordamos cada pedido con esta anticipación.',
    min: 0,
    max: 1440,
  },
  {
    key: 'maxDaysAhead',
    description: 'Hasta cuántos días antes se puede programar: 0 es solo para hoy, hasta 14.',
    min: 0,
    max: 14,
  },
  {
    key: 'cutoffMinutes',
    description:
      'Un margen más: dejamos de ofrecer una franja este tiempo antes, además de la preparación.',
    min: 0,
    max: 1440,
  },
]

/**
 * "Pedidos programados" of one delivery type (issue 26): whether customers can choose a slot
 * inside the opening hours, and how the slots are cut. The numbers wait while it is off.
 */
export function SchedulingFields({
  appForm,
  type,
}: {
  appForm: AppFormApi<LogisticsFormValues>
  type: SchedulableType
}) {
  const { form } = appForm
  const draft = form.values.scheduling[type]
  const titleId = `scheduling-${type}-title`
  return (
    // Named with its delivery type: two such regions on the page need distinct names (axe).
    <Stack
      gap="sm"
      component="section"
      aria-label={`${SCHEDULING_LABELS.title}: ${DELIVERY_TYPE_LABELS[type]}`}
      mt="xs"
    >
      <Title order={3} fz="md" id={titleId}>
        {SCHEDULING_LABELS.title}
      </Title>
      <Switch
        aria-label={SCHEDULING_LABELS.enabled(type)}
        label="Los clientes eligen día y franja horaria"
        description="Solo se ofrecen franjas dentro de tus horarios de atención."
        {...form.getInputProps(`scheduling.${type}.enabled`, { type: 'checkbox' })}
      />
      {draft.enabled ? null : (
        <Text size="sm" c="dimmed">
          Desactivado: los pedidos se preparan lo antes posible.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {FIELDS.map((field) => (
          <NumberInput
            key={field.key}
            label={SCHEDULING_LABELS[field.key]}
            description={field.description}
            min={field.min}
            max={field.max}
            allowDecimal={false}
            allowNegative={false}
            disabled={!draft.enabled}
            {...form.getInputProps(`scheduling.${type}.${field.key}`)}
            onChange={(value) =>
              form.setFieldValue(
                `scheduling.${type}.${field.key}`,
                typeof value === 'number' ? value : '',
              )
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
