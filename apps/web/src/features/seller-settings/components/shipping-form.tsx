import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'
import type { LogisticsSettings } from '@barrio/contracts/admin-settings'
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'

import type { FieldErrors } from '@/components/admin/form-errors'
import { MoneyInput } from '@/components/admin/money-input'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { TableContainer } from '@/components/admin/table-container'
import { useUnsavedChanges } from '@/components/admin/use-unsaved-changes'
import {
  logisticsKey,
  logisticsQueryOptions,
  saveLogisticsSettings,
} from '@/features/seller-settings/api/logistics'
import {
  draftKey,
  logisticsToValues,
  validateLogistics,
  type LogisticsFormValues,
} from '@/features/seller-settings/utils/logistics-form'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

export const SHIPPING_LABELS = {
  pickupEnabled: `${DELIVERY_TYPE_LABELS.pickup}: habilitado`,
  deliveryEnabled: `${DELIVERY_TYPE_LABELS.delivery}: habilitada`,
  shippingEnabled: `${DELIVERY_TYPE_LABELS.shipping}: habilitado`,
  ordersWhenClosed: 'Tomar pedidos con la tienda cerrada',
  feeType: 'Costo de entrega',
  flat: 'Costo fijo',
  bands: 'Por distancia',
  addBand: 'Agregar tramo',
  bandKm: (n: number) => `Tramo ${n}: hasta (km)`,
  bandAmount: (n: number) => `Tramo ${n}: costo`,
  save: 'Guardar cambios',
} as const

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

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
  const query = useQuery(logisticsQueryOptions(storeId))
  if (!storeId || query.isPending) return <LoadingState label="Cargando la logística…" />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  return <ShippingForm key={storeId} settings={query.data} />
}

/** Pickup, delivery (radius, flat fee or distance bands) and shipping by province. */
export function ShippingForm({ settings }: { settings: LogisticsSettings | null }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<LogisticsFormValues>(() => logisticsToValues(settings))
  const [snapshot, setSnapshot] = useState(values)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const isDirty = JSON.stringify(values) !== JSON.stringify(snapshot)
  const allowNavigation = useUnsavedChanges(isDirty && !saving)

  const setPickup = (patch: Partial<LogisticsFormValues['pickup']>) =>
    setValues((v) => ({ ...v, pickup: { ...v.pickup, ...patch } }))
  const setDelivery = (patch: Partial<LogisticsFormValues['delivery']>) =>
    setValues((v) => ({ ...v, delivery: { ...v.delivery, ...patch } }))
  const setShipping = (patch: Partial<LogisticsFormValues['shipping']>) =>
    setValues((v) => ({ ...v, shipping: { ...v.shipping, ...patch } }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const result = validateLogistics(values)
    if (!result.success) {
      setErrors(result.errors)
      setFormError('Revisá los campos marcados.')
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    setErrors({})
    setSaving(true)
    try {
      const saved = await saveLogisticsSettings(result.data)
      queryClient.setQueryData(logisticsKey(storeId), saved)
      const fresh = logisticsToValues(saved)
      setValues(fresh)
      setSnapshot(fresh)
      allowNavigation()
      showToast({ message: 'Guardamos la configuración de envíos.', type: 'success' })
    } catch (error) {
      setErrors(getFieldErrors(error))
      setFormError(getErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  const { pickup, delivery, shipping } = values

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md" maw={900}>
        <Block
          title={DELIVERY_TYPE_LABELS.pickup}
          toggle={
            <Switch
              aria-label={SHIPPING_LABELS.pickupEnabled}
              label="Habilitado"
              checked={pickup.enabled}
              onChange={(e) => setPickup({ enabled: e.currentTarget.checked })}
            />
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Dirección de retiro"
              description="Si la dejás vacía, usamos la dirección de la tienda."
              value={pickup.address}
              error={errors['pickup.address']}
              disabled={!pickup.enabled}
              onChange={(e) => setPickup({ address: e.currentTarget.value })}
            />
            <NumberInput
              label="Tiempo de preparación (minutos)"
              value={pickup.preparationMinutes}
              min={0}
              max={10_080}
              allowDecimal={false}
              allowNegative={false}
              error={errors['pickup.preparationMinutes']}
              disabled={!pickup.enabled}
              onChange={(v) => setPickup({ preparationMinutes: typeof v === 'number' ? v : '' })}
            />
          </SimpleGrid>
          <Textarea
            label="Instrucciones para retirar"
            placeholder="Ej.: tocá el timbre del local, retirá por la puerta lateral…"
            autosize
            minRows={2}
            maxLength={500}
            value={pickup.instructions}
            error={errors['pickup.instructions']}
            disabled={!pickup.enabled}
            onChange={(e) => setPickup({ instructions: e.currentTarget.value })}
          />
        </Block>

        <Block
          title={DELIVERY_TYPE_LABELS.delivery}
          toggle={
            <Switch
              aria-label={SHIPPING_LABELS.deliveryEnabled}
              label="Habilitada"
              checked={delivery.enabled}
              onChange={(e) => setDelivery({ enabled: e.currentTarget.checked })}
            />
          }
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Radio de entrega (km)"
              value={delivery.radiusKm}
              min={0.1}
              max={50}
              decimalScale={1}
              decimalSeparator=","
              allowNegative={false}
              error={errors['delivery.radiusKm']}
              onChange={(radiusKm) => setDelivery({ radiusKm })}
            />
            <NumberInput
              label="Tiempo estimado de entrega (minutos)"
              value={delivery.estimatedMinutes}
              min={0}
              max={10_080}
              allowDecimal={false}
              allowNegative={false}
              error={errors['delivery.estimatedMinutes']}
              onChange={(v) => setDelivery({ estimatedMinutes: typeof v === 'number' ? v : '' })}
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
              valueCents={delivery.flatAmount}
              onChangeCents={(flatAmount) => setDelivery({ flatAmount })}
              error={errors['delivery.fee.amount']}
              w={{ base: '100%', xs: 240 }}
            />
          ) : (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                Cada tramo cubre hasta la distancia indicada desde tu tienda. Se ordenan de menor a
                mayor al guardar.
              </Text>
              <TableContainer label="Tramos de costo por distancia" minWidth={280}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Hasta (km)</Table.Th>
                      <Table.Th>Costo</Table.Th>
                      <Table.Th>
                        <Text span fz="sm" fw={700}>
                          Quitar
                        </Text>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {delivery.bands.map((band, index) => (
                      <Table.Tr key={band.key}>
                        <Table.Td>
                          <NumberInput
                            aria-label={SHIPPING_LABELS.bandKm(index + 1)}
                            value={band.upToKm}
                            min={0.1}
                            max={200}
                            decimalScale={1}
                            decimalSeparator=","
                            allowNegative={false}
                            w={90}
                            error={errors[`delivery.fee.bands.${index}.upToKm`]}
                            onChange={(v) =>
                              setDelivery({
                                bands: delivery.bands.map((b, i) =>
                                  i === index ? { ...b, upToKm: v } : b,
                                ),
                              })
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <MoneyInput
                            aria-label={SHIPPING_LABELS.bandAmount(index + 1)}
                            valueCents={band.amount}
                            w={120}
                            error={errors[`delivery.fee.bands.${index}.amount`]}
                            onChangeCents={(amount) =>
                              setDelivery({
                                bands: delivery.bands.map((b, i) =>
                                  i === index ? { ...b, amount } : b,
                                ),
                              })
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Quitar tramo ${index + 1}`}
                            onClick={() =>
                              setDelivery({ bands: delivery.bands.filter((_, i) => i !== index) })
                            }
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableContainer>
              {errors['delivery.fee.bands'] ? (
                <Text size="sm" c="red" role="alert">
                  {errors['delivery.fee.bands']}
                </Text>
              ) : null}
              <Button
                variant="light"
                size="xs"
                w="fit-content"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={delivery.bands.length >= 20}
                onClick={() =>
                  setDelivery({
                    bands: [...delivery.bands, { key: draftKey(), upToKm: '', amount: null }],
                  })
                }
              >
                {SHIPPING_LABELS.addBand}
              </Button>
            </Stack>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MoneyInput
              label="Envío gratis desde"
              description="Opcional: pedidos desde este monto no pagan entrega"
              valueCents={delivery.freeFrom}
              onChangeCents={(freeFrom) => setDelivery({ freeFrom })}
              error={errors['delivery.freeFrom']}
            />
            <MoneyInput
              label="Pedido mínimo"
              description="Opcional"
              valueCents={delivery.minOrder}
              onChangeCents={(minOrder) => setDelivery({ minOrder })}
              error={errors['delivery.minOrder']}
            />
          </SimpleGrid>
        </Block>

        <Block
          title={DELIVERY_TYPE_LABELS.shipping}
          toggle={
            <Switch
              aria-label={SHIPPING_LABELS.shippingEnabled}
              label="Habilitado"
              checked={shipping.enabled}
              onChange={(e) => setShipping({ enabled: e.currentTarget.checked })}
            />
          }
        >
          <NumberInput
            label="Días estimados de envío"
            value={shipping.estimatedDays}
            min={0}
            max={60}
            allowDecimal={false}
            allowNegative={false}
            error={errors['shipping.estimatedDays']}
            onChange={(v) => setShipping({ estimatedDays: typeof v === 'number' ? v : '' })}
            w={{ base: '100%', xs: 240 }}
          />
          {shipping.provinces.length === 0 ? (
            <Text size="sm" c="dimmed">
              Agregá las provincias a las que enviás, con su costo.
            </Text>
          ) : (
            <Stack gap="xs">
              {shipping.provinces.map((row, index) => (
                <Group key={row.key} gap="xs" align="flex-start" wrap="wrap">
                  <Select
                    aria-label={`Provincia ${index + 1}`}
                    placeholder="Provincia"
                    searchable
                    data={PROVINCE_OPTIONS}
                    value={row.code}
                    error={errors[`shipping.provinces.${index}.code`]}
                    onChange={(code) =>
                      setShipping({
                        provinces: shipping.provinces.map((p, i) =>
                          i === index ? { ...p, code: (code as ProvinceCode | null) ?? null } : p,
                        ),
                      })
                    }
                    style={{ flex: '1 1 200px' }}
                  />
                  <MoneyInput
                    aria-label={`Costo de envío a la provincia ${index + 1}`}
                    valueCents={row.fee}
                    error={errors[`shipping.provinces.${index}.fee`]}
                    onChangeCents={(fee) =>
                      setShipping({
                        provinces: shipping.provinces.map((p, i) =>
                          i === index ? { ...p, fee } : p,
                        ),
                      })
                    }
                    w={150}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Quitar provincia ${index + 1}`}
                    onClick={() =>
                      setShipping({ provinces: shipping.provinces.filter((_, i) => i !== index) })
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={shipping.provinces.length >= 24}
            onClick={() =>
              setShipping({
                provinces: [...shipping.provinces, { key: draftKey(), code: null, fee: null }],
              })
            }
          >
            Agregar provincia
          </Button>
        </Block>

        <Block
          title="Pedidos con la tienda cerrada"
          toggle={
            <Switch
              aria-label={SHIPPING_LABELS.ordersWhenClosed}
              label="Habilitado"
              checked={values.ordersWhenClosed}
              onChange={(e) => {
                const ordersWhenClosed = e.currentTarget.checked
                setValues((v) => ({ ...v, ordersWhenClosed }))
              }}
            />
          }
        >
          <Text size="sm" c="dimmed">
            Con esto activado, los clientes pueden confirmar pedidos aunque la tienda esté cerrada:
            les avisamos que los preparás cuando abras.
          </Text>
        </Block>

        {formError ? (
          <Alert color="red" role="alert" title="No se pudo guardar">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {SHIPPING_LABELS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
