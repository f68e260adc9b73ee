import { PERMISSION_DENIED_REASONS } from '@barrio/contracts/permissions'
import {
  Checkbox,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'

import type { FieldErrors } from '@/components/form/form-errors'
import { MoneyInput } from '@/components/admin/money-input'
import { useCan } from '@/lib/store-role'
import { TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import type { VariantDraft } from '@/features/admin-products/utils/variants'
import { plural } from '@/lib/format'
import { UnitMeasureField } from '@/features/admin-products/components/unit-measure-field'

export const VARIANT_LABELS = {
  price: 'Precio',
  compareAt: 'Precio de lista (antes)',
  stock: 'Stock',
  sku: 'Código (SKU)',
  trackInventory: 'Controlar stock',
  weight: 'Peso (g)',
} as const

/** Accessible names of a grid row's inputs: "Precio de S / Rojo". */
export function variantFieldLabel(field: keyof typeof VARIANT_LABELS, title: string) {
  return `${VARIANT_LABELS[field]} de ${title}`
}

type Props = {
  variants: VariantDraft[]
  hasOptions: boolean
  onChange: (variants: VariantDraft[]) => void
  errors: FieldErrors
}

/** Price, stock and the rest per variant: one set of fields without options, a grid with them. */
export function VariantsEditor({ variants, hasOptions, onChange, errors }: Props) {
  // Staff edit products but not prices (decision 029): the fields stay visible, off, saying why.
  const canSetPrices = useCan('prices')
  const priceLock = canSetPrices
    ? {}
    : { disabled: true, description: PERMISSION_DENIED_REASONS.prices }
  const narrow = useIsNarrow()
  const update = (index: number, patch: Partial<VariantDraft>) =>
    onChange(variants.map((v, i) => (i === index ? { ...v, ...patch } : v)))
  const err = (index: number, field: string) => errors[`variants.${index}.${field}`]
  // The unit of measure, for the price per unit customers see (issue 27, decision 050).
  const measure = (index: number, variant: VariantDraft, layout: 'form' | 'card' | 'cell') => (
    <UnitMeasureField
      unit={variant.measureUnit}
      quantity={variant.measureQuantity}
      onChange={(patch) => update(index, patch)}
      {...(layout === 'form' ? {} : { of: variant.title })}
      unitError={err(index, 'unitMeasure.unit') ?? err(index, 'unitMeasure')}
      quantityError={err(index, 'unitMeasure.quantity')}
      size={layout === 'cell' ? 'xs' : 'sm'}
      compact={layout === 'cell'}
    />
  )

  if (!hasOptions) {
    const variant = variants[0]
    if (!variant) return null
    return (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MoneyInput
            {...priceLock}
            label={VARIANT_LABELS.price}
            required
            valueCents={variant.priceCents}
            onChangeCents={(priceCents) => update(0, { priceCents })}
            error={err(0, 'price')}
          />
          <MoneyInput
            {...priceLock}
            label={VARIANT_LABELS.compareAt}
            description="Opcional: se muestra tachado"
            valueCents={variant.compareAtCents}
            onChangeCents={(compareAtCents) => update(0, { compareAtCents })}
            error={err(0, 'compareAtPrice')}
          />
          <NumberInput
            label={VARIANT_LABELS.stock}
            value={variant.stock}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            onChange={(stock) => update(0, { stock: typeof stock === 'number' ? stock : '' })}
            error={err(0, 'stock')}
          />
          <TextInput
            label={VARIANT_LABELS.sku}
            value={variant.sku}
            maxLength={64}
            onChange={(event) => update(0, { sku: event.currentTarget.value })}
            error={err(0, 'sku')}
          />
          <NumberInput
            label={VARIANT_LABELS.weight}
            value={variant.weight}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            onChange={(weight) => update(0, { weight: typeof weight === 'number' ? weight : '' })}
            error={err(0, 'weight')}
          />
          {measure(0, variant, 'form')}
        </SimpleGrid>
        <Switch
          label={VARIANT_LABELS.trackInventory}
          description="Si está apagado, el producto se puede vender sin stock"
          checked={variant.trackInventory}
          onChange={(event) => update(0, { trackInventory: event.currentTarget.checked })}
        />
      </Stack>
    )
  }

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {plural(variants.length, 'variante', 'variantes')}: una por cada combinación de opciones.
      </Text>
      {narrow ? (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Variantes del producto"
        >
          {variants.map((variant, index) => (
            <Paper key={variant.key} withBorder p="sm" radius="md" component="li">
              <Stack gap="xs">
                <Text fw={600}>{variant.title}</Text>
                <SimpleGrid cols={2} spacing="xs">
                  <MoneyInput
                    {...priceLock}
                    label={VARIANT_LABELS.price}
                    aria-label={variantFieldLabel('price', variant.title)}
                    valueCents={variant.priceCents}
                    onChangeCents={(priceCents) => update(index, { priceCents })}
                    error={err(index, 'price')}
                  />
                  <NumberInput
                    label={VARIANT_LABELS.stock}
                    aria-label={variantFieldLabel('stock', variant.title)}
                    value={variant.stock}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    onChange={(stock) =>
                      update(index, { stock: typeof stock === 'number' ? stock : '' })
                    }
                    error={err(index, 'stock')}
                  />
                  <MoneyInput
                    {...priceLock}
                    label="Precio de lista"
                    aria-label={variantFieldLabel('compareAt', variant.title)}
                    valueCents={variant.compareAtCents}
                    onChangeCents={(compareAtCents) => update(index, { compareAtCents })}
                    error={err(index, 'compareAtPrice')}
                  />
                  <TextInput
                    label={VARIANT_LABELS.sku}
                    aria-label={variantFieldLabel('sku', variant.title)}
                    value={variant.sku}
                    maxLength={64}
                    onChange={(event) => update(index, { sku: event.currentTarget.value })}
                    error={err(index, 'sku')}
                  />
                  <NumberInput
                    label={VARIANT_LABELS.weight}
                    aria-label={variantFieldLabel('weight', variant.title)}
                    value={variant.weight}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    onChange={(weight) =>
                      update(index, { weight: typeof weight === 'number' ? weight : '' })
                    }
                    error={err(index, 'weight')}
                  />
                  <Checkbox
                    mt={28}
                    label={VARIANT_LABELS.trackInventory}
                    aria-label={variantFieldLabel('trackInventory', variant.title)}
                    checked={variant.trackInventory}
                    onChange={(event) =>
                      update(index, { trackInventory: event.currentTarget.checked })
                    }
                  />
                </SimpleGrid>
                {measure(index, variant, 'card')}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer label="Variantes del producto" minWidth={1150}>
          <Table verticalSpacing="xs" withRowBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Variante</Table.Th>
                <Table.Th>{VARIANT_LABELS.sku}</Table.Th>
                <Table.Th>{VARIANT_LABELS.price}</Table.Th>
                <Table.Th>{VARIANT_LABELS.compareAt}</Table.Th>
                <Table.Th>{VARIANT_LABELS.stock}</Table.Th>
                <Table.Th>{VARIANT_LABELS.trackInventory}</Table.Th>
                <Table.Th>{VARIANT_LABELS.weight}</Table.Th>
                <Table.Th>Unidad de medida</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {variants.map((variant, index) => (
                <Table.Tr key={variant.key}>
                  <Table.Td>
                    <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {variant.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={variantFieldLabel('sku', variant.title)}
                      value={variant.sku}
                      maxLength={64}
                      size="xs"
                      w={120}
                      onChange={(event) => update(index, { sku: event.currentTarget.value })}
                      error={err(index, 'sku')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      {...priceLock}
                      aria-label={variantFieldLabel('price', variant.title)}
                      valueCents={variant.priceCents}
                      onChangeCents={(priceCents) => update(index, { priceCents })}
                      error={err(index, 'price')}
                      size="xs"
                      w={130}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      {...priceLock}
                      aria-label={variantFieldLabel('compareAt', variant.title)}
                      valueCents={variant.compareAtCents}
                      onChangeCents={(compareAtCents) => update(index, { compareAtCents })}
                      error={err(index, 'compareAtPrice')}
                      size="xs"
                      w={130}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={variantFieldLabel('stock', variant.title)}
                      value={variant.stock}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      size="xs"
                      w={90}
                      onChange={(stock) =>
                        update(index, { stock: typeof stock === 'number' ? stock : '' })
                      }
                      error={err(index, 'stock')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={variantFieldLabel('trackInventory', variant.title)}
                      checked={variant.trackInventory}
                      onChange={(event) =>
                        update(index, { trackInventory: event.currentTarget.checked })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={variantFieldLabel('weight', variant.title)}
                      value={variant.weight}
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      hideControls
                      size="xs"
                      w={80}
                      onChange={(weight) =>
                        update(index, { weight: typeof weight === 'number' ? weight : '' })
                      }
                      error={err(index, 'weight')}
                    />
                  </Table.Td>
                  <Table.Td>{measure(index, variant, 'cell')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  )
}
