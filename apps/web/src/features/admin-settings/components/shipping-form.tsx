import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import type { LogisticsSettings } from '@barrio/contracts/admin-settings'
import {
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import type { ReactNode } from 'react'

import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { MoneyInput } from '@/components/admin/money-input'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import {
  DELIVERY_BAND_LABELS,
  DeliveryBandsField,
} from '@/features/admin-settings/components/delivery-bands-field'
import { ProvinceFeesField } from '@/features/admin-settings/components/province-fees-field'
import { SchedulingFields } from '@/features/admin-settings/components/scheduling-fields'
import { useLogisticsSettings } from '@/api/admin/settings/get-logistics-settings'
import { useSaveLogisticsSettings } from '@/api/admin/settings/save-logistics-settings'
import {
  draftKey,
  logisticsToValues,
  validateLogistics,
  type LogisticsFormValues,
} from '@/features/admin-settings/utils/logistics-form'
import { useAppStore } from '@/lib/app-store'

export const SHIPPING_LABELS = {
  pickupEnabled: `${DELIVERY_TYPE_LABELS.pickup}: habilitado`,
  deliveryEnabled: `${DELIVERY_TYPE_LABELS.delivery}: habilitada`,
  shippingEnabled: `${DELIVERY_TYPE_LABELS.shipping}: habilitado`,
  ordersWhenClosed: 'Tomar pedidos con la tienda cerrada',
  feeType: 'Costo de entrega',
  flat: 'Costo fijo',
  bands: 'Por distancia',
  ...DELIVERY_BAND_LABELS,
  save: 'Guardar cambios',
} as const

function Block({
  title,
  toggle,
  children,
}: {
  title: string
  toggle: ReactNode
  children: ReactNode
}) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg">
            {title}
          </Title>
          {toggle}
        </Group>
        {children}
      </Stack>
    </Card>
  )
}

export function ShippingSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useLogisticsSettings()
  if (!storeId || query.isPending) return <LoadingState label="Cargando la logística…" />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  return <ShippingForm key={storeId} settings={query.data} />
}

/**
 * Pickup, delivery (radius, flat fee or distance bands; each with its scheduled orders) and
 * shipping by province.
 */
export function ShippingForm({ settings }: { settings: LogisticsSettings | null }) {
  const appForm = useAppForm({
    initialValues: logisticsToValues(settings),
    validate: validateLogistics,
    mutation: useSaveLogisticsSettings(),
    toValues: logisticsToValues,
    successMessage: 'Guardamos la configuración de envíos.',
  })
  const { form } = appForm
  const values = form.values
  const setDelivery = (patch: Partial<LogisticsFormValues['delivery']>) =>
    form.setFieldValue('delivery', (current) => ({ ...current, ...patch }))
  const numberOrEmpty = (value: number | string) => (typeof value === 'number' ? value : '')

  const { pickup, delivery } = values

  return (
    <AppForm
      form={appForm}
      label="Envíos"
      saveLabel={SHIPPING_LABELS.save}
      // Never configured: the defaults shown are worth saving as they are.
      savePristine={settings === null}
    >
      <Stack gap="md" maw={900}>
        <Block
          title={DELIVERY_TYPE_LABELS.pickup}
          toggle={
            <Switch
              aria-label={SHIPPING_LABELS.pickupEnabled}
              label="Habilitado"
              {...form.getInputProps('pickup.enabled', { type: 'checkbox' })}
            />
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Dirección de retiro"
              description="Si la dejás vacía, usamos la dirección de la tienda."
              {...form.getInputProps('pickup.address')}
              disabled={!pickup.enabled}
            />
            <NumberInput
              label="Tiempo de preparación (minutos)"
              description="Cuánto tardás en tener listo un pedido; también cuenta para la entrega a domicilio."
              min={0}
              max={10_080}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('pickup.preparationMinutes')}
              onChange={(v) => form.setFieldValue('pickup.preparationMinutes', numberOrEmpty(v))}
            />
          </SimpleGrid>
          <Textarea
            label="Instrucciones para retirar"
            placeholder="Ej.: tocá el timbre del local, retirá por la puerta lateral…"
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('pickup.instructions')}
            disabled={!pickup.enabled}
          />
          <SchedulingFields appForm={appForm} type="pickup" />
        </Block>

        <Block
          title={DELIVERY_TYPE_LABELS.delivery}
          toggle={
            <Switch
              aria-label={SHIPPING_LABELS.deliveryEnabled}
              label="Habilitada"
              {...form.getInputProps('delivery.enabled', { type: 'checkbox' })}
            />
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Radio de entrega (km)"
              min={0.1}
              max={50}
              decimalScale={1}
              decimalSeparator=","
              allowNegative={false}
              {...form.getInputProps('delivery.radiusKm')}
            />
            <NumberInput
              label="Tiempo estimado de entrega (minutos)"
              description="El viaje, cuando no sabemos la dirección. Con la dirección del cliente lo calculamos a 20 km/h."
              min={0}
              max={10_080}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('delivery.estimatedMinutes')}
              onChange={(v) => form.setFieldValue('delivery.estimatedMinutes', numberOrEmpty(v))}
            />
          </SimpleGrid>

          <Stack gap={4}>
            <Text size="sm" fw={500} id="fee-type-label">
              {SHIPPING_LABELS.feeType}
            </Text>
            <SegmentedControl
              aria-labelledby="fee-type-label"
              value={delivery.feeType}
              onChange={(feeType) =>
                setDelivery({
                  feeType: feeType as 'flat' | 'bands',
                  bands:
                    feeType === 'bands' && delivery.bands.length === 0
                      ? [{ key: draftKey(), upToKm: '', amount: null }]
                      : delivery.bands,
                })
              }
              data={[
                { value: 'flat', label: SHIPPING_LABELS.flat },
                { value: 'bands', label: SHIPPING_LABELS.bands },
              ]}
              w="fit-content"
            />
          </Stack>

          {delivery.feeType === 'flat' ? (
            <MoneyInput
              label="Costo de entrega"
              {...appForm.moneyProps('delivery.flatAmount', 'delivery.fee.amount')}
              w={{ base: '100%', xs: 240 }}
            />
          ) : (
            <DeliveryBandsField appForm={appForm} />
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput
              label="Envío gratis desde"
              description="Opcional: pedidos desde este monto no pagan entrega"
              {...appForm.moneyProps('delivery.freeFrom')}
            />
            <MoneyInput
              label="Pedido mínimo"
              description="Opcional"
              {...appForm.moneyProps('delivery.minOrder')}
            />
          </SimpleGrid>
          <SchedulingFields appForm={appForm} type="delivery" />
        </Block>

        <Block
          title={DELIVERY_TYPE_LABELS.shipping}
          toggle={
            <Switch
              aria-label={SHIPPING_LABELS.shippingEnabled}
              label="Habilitado"
              {...form.getInputProps('shipping.enabled', { type: 'checkbox' })}
            />
          }
        >
          <NumberInput
            label="Días estimados de envío"
            min={0}
            max={60}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('shipping.estimatedDays')}
            onChange={(v) => form.setFieldValue('shipping.estimatedDays', numberOrEmpty(v))}
            w={{ base: '100%', xs: 240 }}
          />
          <ProvinceFeesField appForm={appForm} />
        </Block>

        <Block
          title="Pedidos con la tienda cerrada"
          toggle={
            <Switch
              aria-label={SHIPPING_LABELS.ordersWhenClosed}
              label="Habilitado"
              {...form.getInputProps('ordersWhenClosed', { type: 'checkbox' })}
            />
          }
        >
          <Text size="sm" c="dimmed">
            Con esto activado, los clientes pueden confirmar pedidos aunque la tienda esté cerrada:
            les avisamos que los preparás cuando abras.
          </Text>
        </Block>
      </Stack>
    </AppForm>
  )
}
