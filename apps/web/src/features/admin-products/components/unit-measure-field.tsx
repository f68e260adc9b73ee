import {
  MAX_UNIT_MEASURE_QUANTITY,
  MEASURE_UNIT_LABELS,
  MEASURE_UNITS,
  type MeasureUnit,
} from '@barrio/contracts/legal-prices'
import { Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core'

const UNIT_OPTIONS = [
  { value: '', label: 'Sin unidad' },
  ...MEASURE_UNITS.map((unit) => ({ value: unit, label: MEASURE_UNIT_LABELS[unit] })),
]

type Props = {
  unit: MeasureUnit | ''
  quantity: number | ''
  onChange: (patch: { measureUnit?: MeasureUnit | ''; measureQuantity?: number | '' }) => void
  /** "de S / Rojo" in a grid, for the inputs' accessible names. */
  of?: string
  unitError?: string | undefined
  quantityError?: string | undefined
  size?: 'xs' | 'sm'
  /** A grid cell: no visible label, names only. */
  compact?: boolean
}

/**
 * "Unidad de medida" of a variant (issue 27, Res. 4/2025): what its price buys — 500 g, 1,5 l,
 * 6 unidades —, from which customers are shown the price per kilo, litro, metro or unidad.
 */
export function UnitMeasureField({
  unit,
  quantity,
  onChange,
  of,
  unitError,
  quantityError,
  size = 'sm',
  compact = false,
}: Props) {
  const suffix = of ? ` de ${of}` : ''
  return (
    <Stack gap={4}>
      {compact ? null : (
        <Text size="sm" fw={500} component="span">
          Unidad de medida
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NumberInput
          aria-label={`Cantidad de la unidad de medida${suffix}`}
          placeholder="Cantidad"
          value={quantity}
          min={0}
          max={MAX_UNIT_MEASURE_QUANTITY}
          decimalScale={unit === 'unit' ? 0 : 3}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          hideControls
          size={size}
          w={compact ? 90 : undefined}
          style={compact ? undefined : { flex: 1, minWidth: 0 }}
          onChange={(value) =>
            onChange({ measureQuantity: typeof value === 'number' ? value : '' })
          }
          error={quantityError}
        />
        <NativeSelect
          aria-label={`Unidad${suffix}`}
          data={UNIT_OPTIONS}
          value={unit}
          size={size}
          w={compact ? 150 : undefined}
          style={compact ? undefined : { flex: 1, minWidth: 0 }}
          onChange={(event) =>
            onChange({ measureUnit: event.currentTarget.value as MeasureUnit | '' })
          }
          error={unitError}
        />
      </Group>
      {compact ? null : (
        <Text size="xs" c="dimmed">
          Opcional: lo que trae el producto (ej.: 500 gramos). Mostramos el precio por kilo, litro,
          metro o unidad.
        </Text>
      )}
    </Stack>
  )
}
