import type { CommissionSettings } from '@barrio/contracts/commissions'
import { STORE_CATEGORY_OPTIONS } from '@barrio/contracts/common'
import {
  ActionIcon,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  type NumberInputProps,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useMemo, useState } from 'react'

import { useCommissions } from '@/api/operator/commissions/get-commissions'
import { useSaveCommissions } from '@/api/operator/commissions/save-commissions'
import { LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { StorePicker } from '@/features/operator/components/store-picker'
import {
  commissionErrorPath,
  commissionToValues,
  validateCommissions,
} from '@/features/operator/utils/commission-form'
import { formatDateTime } from '@/lib/format'

/** A rate in percent with es-AR decimals (12,5 %), two at most: basis points on the wire. */
const percentProps: Partial<NumberInputProps> = {
  suffix: ' %',
  decimalSeparator: ',',
  decimalScale: 2,
  min: 0,
  max: 100,
  allowNegative: false,
  hideControls: true,
  inputMode: 'decimal',
}

function RatesForm({ saved }: { saved: CommissionSettings }) {
  const appForm = useAppForm({
    initialValues: commissionToValues(saved),
    validate: validateCommissions,
    mutation: useSaveCommissions(),
    toValues: commissionToValues,
    serverErrorPath: commissionErrorPath,
    successMessage: 'Guardamos las comisiones. Cuentan para los pedidos desde ahora.',
  })
  const { form } = appForm
  const [picked, setPicked] = useState<string | null>(null)
  const chosen = useMemo(
    () => new Set(form.values.byStore.map((s) => s.storeId)),
    [form.values.byStore],
  )

  return (
    <AppForm form={appForm} label="Comisiones de Barrio" saveLabel="Guardar comisiones">
      <Stack gap="lg">
        <Fieldset legend="Comisión general">
          <NumberInput
            label="Comisión de todas las tiendas"
            description="Se cobra sobre los productos del pedido, sin el envío ni los impuestos agregados."
            required
            maw={260}
            {...percentProps}
            {...appForm.inputProps('defaultRate')}
          />
        </Fieldset>

        <Fieldset legend="Por rubro">
          <Text size="sm" c="dimmed" mb="sm">
            Vacío: el rubro paga la comisión general.
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {STORE_CATEGORY_OPTIONS.map(({ value, label }) => (
              <NumberInput
                key={value}
                label={label}
                placeholder="General"
                {...percentProps}
                {...appForm.inputProps(`byCategory.${value}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Por tienda">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              La comisión de una tienda manda sobre la de su rubro y la general.
            </Text>
            {form.values.byStore.length === 0 ? (
              <Text size="sm">Ninguna tienda tiene comisión propia.</Text>
            ) : (
              form.values.byStore.map((row, index) => (
                <Group key={row.storeId} align="flex-end" wrap="nowrap" gap="xs">
                  <NumberInput
                    label={row.storeName}
                    required
                    style={{ flex: 1 }}
                    maw={320}
                    {...percentProps}
                    {...appForm.inputProps(`byStore.${index}.rate`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    mb={4}
                    aria-label={`Quitar la comisión propia de ${row.storeName}`}
                    onClick={() => form.removeListItem('byStore', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              ))
            )}
            <StorePicker
              label="Agregar una tienda"
              value={picked}
              exclude={chosen}
              onChange={(store) => {
                if (!store || chosen.has(store._id)) return setPicked(null)
                form.insertListItem('byStore', {
                  storeId: store._id,
                  storeName: `${store.name} (${store.handle})`,
                  rate: store.rateBp / 100,
                })
                setPicked(null)
              }}
            />
          </Stack>
        </Fieldset>
        {saved.updatedAt ? (
          <Text size="xs" c="dimmed">
            Última modificación: {formatDateTime(saved.updatedAt)}
          </Text>
        ) : null}
      </Stack>
    </AppForm>
  )
}

/** The operator's commission rates: the default, per category and per store, in percent. */
export function CommissionRates() {
  const query = useCommissions()
  if (query.isPending) return <LoadingState label="Cargando las comisiones…" />
  if (query.isError)
    return (
      <ErrorState
        title="No pudimos cargar las comisiones"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  return <RatesForm saved={query.data} />
}
