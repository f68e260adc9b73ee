import {
  BULK_PRICE_PREVIEW_ROWS,
  PRICE_CHANGE_TARGET_LABELS,
  PRICE_CHANGE_TARGETS,
  PRICE_ROUNDING_LABELS,
  PRICE_ROUNDINGS,
  type BulkPriceFilter,
  type BulkPricePreview,
  type BulkPricePreviewRow,
} from '@barrio/contracts/price-changes'
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'

import {
  useApplyBulkPrice,
  usePreviewBulkPrice,
  type BulkPriceBody,
} from '@/api/admin/price-changes/price-changes'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { useAppForm } from '@/components/form/use-app-form'
import {
  describeFilter,
  EMPTY_BULK_PRICE_VALUES,
  validateBulkPrice,
  type BulkPriceValues,
} from '@/features/admin-products/utils/bulk-price'
import { getErrorMessage } from '@/lib/http/api-error'
import { formatMoney, plural } from '@/lib/format'
import { showToast } from '@/lib/toast'

export type BulkPriceModalProps = {
  opened: boolean
  onClose: () => void
  /** The products list's filter, or the products picked in it. */
  filter: BulkPriceFilter
  /** What the filter means, when the caller knows better ("3 productos elegidos"). */
  scopeLabel?: string
}

const nowrap = { whiteSpace: 'nowrap' } as const

function PriceMove({ label, before, after }: { label?: string; before: number; after: number }) {
  return (
    <Text size="sm" style={nowrap}>
      {label ? `${label}: ` : null}
      {before === after ? (
        formatMoney(after)
      ) : (
        <>
          <Text span c="dimmed" size="sm">
            {formatMoney(before)}
          </Text>
          {' → '}
          <Text span fw={600} size="sm">
            {formatMoney(after)}
          </Text>
        </>
      )}
    </Text>
  )
}

function PreviewTable({
  rows,
  showCompare,
}: {
  rows: BulkPricePreviewRow[]
  showCompare: boolean
}) {
  return (
    <Table.ScrollContainer minWidth={300} type="native">
      <Table striped verticalSpacing="xs" aria-label="Vista previa de los precios">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Producto</Table.Th>
            <Table.Th>Antes → después</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.variantId}>
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={2}>
                  {row.title}
                </Text>
                {row.variantTitle ? (
                  <Text size="xs" c="dimmed">
                    {row.variantTitle}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <PriceMove
                  label={showCompare ? 'Precio' : undefined}
                  before={row.before.price}
                  after={row.after.price}
                />
                {showCompare && row.before.compareAtPrice !== null ? (
                  <PriceMove
                    label="Lista"
                    before={row.before.compareAtPrice}
                    after={row.after.compareAtPrice ?? row.before.compareAtPrice}
                  />
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/**
 * "Actualizar precios" (issue 28, decision 053): the rule (up or down, a percent or an amount,
 * which price, the rounding), then the API's preview of what changes (before → after, the first
 * 50), then the change itself in one request, with a loading state and a success toast.
 */
export function BulkPriceModal({ opened, onClose, filter, scopeLabel }: BulkPriceModalProps) {
  const narrow = useIsNarrow()
  const preview = usePreviewBulkPrice()
  const apply = useApplyBulkPrice()
  const [planned, setPlanned] = useState<{ body: BulkPriceBody; preview: BulkPricePreview } | null>(
    null,
  )
  const [applyError, setApplyError] = useState<string | null>(null)
  const rule = useAppForm({
    mode: 'submit',
    initialValues: EMPTY_BULK_PRICE_VALUES,
    validate: (values: BulkPriceValues) => validateBulkPrice(values, filter),
    mutation: preview,
    onSaved: (answer, body) => {
      setApplyError(null)
      setPlanned({ body, preview: answer })
    },
  })
  const { values } = rule.form
  const isPercent = values.change.type === 'percent'

  const close = () => {
    if (apply.isPending) return
    onClose()
  }
  const confirmChange = async () => {
    if (!planned) return
    setApplyError(null)
    try {
      const result = await apply.mutateAsync(planned.body)
      showToast({
        type: 'success',
        message: `Actualizaste ${plural(result.count, 'precio', 'precios')}. Podés deshacerlo desde el historial de precios.`,
      })
      onClose()
    } catch (error) {
      setApplyError(getErrorMessage(error))
    }
  }

  const count = planned?.preview.count ?? 0
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Actualizar precios"
      size="lg"
      fullScreen={narrow}
      closeOnEscape={!apply.isPending}
      closeOnClickOutside={!apply.isPending}
    >
      {planned === null ? (
        <form ref={rule.formRef} onSubmit={rule.onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              Productos: <b>{scopeLabel ?? describeFilter(filter)}</b>. Se cambian todas sus
              variantes.
            </Text>
            <SegmentedControl
              aria-label="Sentido del cambio"
              data={[
                { value: 'up', label: 'Aumentar' },
                { value: 'down', label: 'Bajar' },
              ]}
              {...rule.form.getInputProps('direction')}
            />
            <Radio.Group label="Cómo" {...rule.inputProps('change.type')}>
              <Group gap="md" mt={4}>
                <Radio value="percent" label="Porcentaje" />
                <Radio value="amount" label="Importe fijo" />
              </Group>
            </Radio.Group>
            <TextInput
              label={isPercent ? 'Porcentaje' : 'Importe en pesos'}
              description={
                isPercent ? 'Hasta dos decimales, por ejemplo 12,5' : 'Por ejemplo 1.500 o 250,50'
              }
              leftSection={isPercent ? undefined : '$'}
              rightSection={isPercent ? '%' : undefined}
              inputMode="decimal"
              autoComplete="off"
              required
              data-autofocus
              {...rule.inputProps('change.value')}
            />
            <Select
              label="Qué precio"
              data={PRICE_CHANGE_TARGETS.map((value) => ({
                value,
                label: PRICE_CHANGE_TARGET_LABELS[value],
              }))}
              allowDeselect={false}
              {...rule.inputProps('apply')}
            />
            <Select
              label="Redondeo"
              data={PRICE_ROUNDINGS.map((value) => ({
                value,
                label: PRICE_ROUNDING_LABELS[value],
              }))}
              allowDeselect={false}
              {...rule.inputProps('rounding')}
            />
            {rule.errorOf('filter') ? (
              <Text size="sm" c="red" role="alert">
                {rule.errorOf('filter')}
              </Text>
            ) : null}
            {rule.formError ? (
              <Text size="sm" c="red" role="alert">
                {rule.formError}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                Descartar
              </Button>
              <Button type="submit" loading={preview.isPending}>
                Ver vista previa
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          {count === 0 ? (
            <Alert color="yellow" title="Ningún precio cambia" role="status">
              Con esta regla ninguna variante cambia de precio. Volvé y probá con otro cambio o
              redondeo.
            </Alert>
          ) : (
            <>
              <Text size="sm" aria-live="polite">
                {`Cambian ${plural(count, 'variante', 'variantes')}.`}
                {count > BULK_PRICE_PREVIEW_ROWS
                  ? ` Te mostramos las primeras ${BULK_PRICE_PREVIEW_ROWS}.`
                  : ''}
              </Text>
              <PreviewTable
                rows={planned.preview.docs}
                showCompare={planned.body.apply !== 'price'}
              />
            </>
          )}
          {apply.isPending ? (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{`Actualizando ${plural(count, 'precio', 'precios')}…`}</Text>
            </Group>
          ) : null}
          {applyError ? (
            <Alert color="red" title="No pudimos actualizar los precios" role="alert">
              {applyError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setPlanned(null)} disabled={apply.isPending}>
              Volver a la regla
            </Button>
            {count > 0 ? (
              <Button onClick={() => void confirmChange()} loading={apply.isPending}>
                {`Confirmar y actualizar ${plural(count, 'precio', 'precios')}`}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
