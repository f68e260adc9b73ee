import type { PaymentMethodSetting } from '@barrio/contracts/admin-settings'
import type { PaymentMethod } from '@barrio/contracts/enums'
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import type { FieldErrors } from '@/components/admin/form-errors'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { confirm } from '@/components/confirm/confirm'
import {
  appPaymentMethodsQueryOptions,
  deletePaymentMethodSetting,
  paymentKeys,
  paymentMethodSettingsQueryOptions,
  savePaymentMethodSetting,
  type AppPaymentMethod,
} from '@/features/seller-settings/api/payment-methods'
import {
  detailsFormsFrom,
  hasDetails,
  isMercadoPagoConnected,
  mercadoPagoAccountLabel,
  validatePaymentSetting,
  type PaymentDetailsForms,
} from '@/features/seller-settings/utils/payment-details'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const BANK_FIELD_LABELS = {
  cbu: 'CBU o CVU',
  alias: 'Alias',
  holder: 'Titular de la cuenta',
  bank: 'Banco',
  cuit: 'CUIT',
} as const

/** The details button: "Guardar y activar X" the first time, "Guardar datos de X" after. */
export function saveDetailsLabel(label: string, configured: boolean) {
  return configured ? `Guardar datos de ${label}` : `Guardar y activar ${label}`
}

export function PaymentMethodsSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const app = useQuery(appPaymentMethodsQueryOptions())
  const settings = useQuery(paymentMethodSettingsQueryOptions(storeId))
  if (!storeId || app.isPending || settings.isPending) {
    return <LoadingState label="Cargando medios de pago…" />
  }
  if (app.isError || settings.isError) {
    return (
      <ErrorState
        error={app.error ?? settings.error}
        onRetry={() => {
          void app.refetch()
          void settings.refetch()
        }}
      />
    )
  }
  return <PaymentMethodsBoard key={storeId} methods={app.data} settings={settings.data} />
}

function PaymentMethodsBoard({
  methods,
  settings,
}: {
  methods: AppPaymentMethod[]
  settings: PaymentMethodSetting[]
}) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const [forms, setForms] = useState<PaymentDetailsForms>(() => detailsFormsFrom(settings))
  const [errors, setErrors] = useState<Partial<Record<PaymentMethod, FieldErrors>>>({})
  const [pending, setPending] = useState<PaymentMethod | null>(null)

  const settingOf = (method: PaymentMethod) => settings.find((s) => s.method === method)

  async function save(method: PaymentMethod, enabled: boolean, label: string) {
    const result = validatePaymentSetting(method, enabled, forms, {
      mercadoPagoConnected: isMercadoPagoConnected(settingOf('mercado_pago')),
    })
    if (!result.success) {
      setErrors((current) => ({ ...current, [method]: result.errors }))
      return
    }
    setErrors((current) => ({ ...current, [method]: {} }))
    setPending(method)
    try {
      const saved = await savePaymentMethodSetting(result.data)
      queryClient.setQueryData<PaymentMethodSetting[]>(
        paymentKeys.settings(storeId),
        (list = []) => [...list.filter((s) => s.method !== saved.method), saved],
      )
      if (method === 'mercado_pago') {
        setForms((current) => ({
          ...current,
          mercado_pago: { ...current.mercado_pago, accessToken: '' },
        }))
      }
      showToast({
        message: saved.enabled ? `${label}: activado.` : `${label}: desactivado.`,
        type: 'success',
      })
    } catch (error) {
      setErrors((current) => ({ ...current, [method]: getFieldErrors(error) }))
      showErrorToast(getErrorMessage(error))
    } finally {
      setPending(null)
    }
  }

  async function remove(setting: PaymentMethodSetting, label: string) {
    const ok = await confirm({
      message: `¿Querés quitar la configuración de ${label}?`,
      smallText: 'Tus clientes dejan de ver este medio de pago y se borran sus datos.',
    })
    if (!ok) return
    try {
      await deletePaymentMethodSetting(setting._id)
      queryClient.setQueryData<PaymentMethodSetting[]>(paymentKeys.settings(storeId), (list = []) =>
        list.filter((s) => s._id !== setting._id),
      )
      showToast({ message: `Quitaste ${label}.`, type: 'success' })
    } catch (error) {
      showErrorToast(getErrorMessage(error))
    }
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {[...methods]
        .sort((a, b) => Number(b.isAvailable) - Number(a.isAvailable))
        .map((m) => {
          const setting = settingOf(m.method)
          const enabled = setting?.enabled ?? false
          const methodErrors = errors[m.method] ?? {}
          const connected = m.method === 'mercado_pago' && isMercadoPagoConnected(setting)
          const account = connected ? mercadoPagoAccountLabel(setting) : null
          return (
            <Card
              key={m.method}
              withBorder
              padding="md"
              radius="md"
              component="section"
              aria-label={m.label}
            >
              <Stack gap="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={4}>
                    <Title order={2} fz="md">
                      {m.label}
                    </Title>
                    <Group gap={4}>
                      {!m.isAvailable ? (
                        <Badge color="gray" variant="light">
                          No disponible
                        </Badge>
                      ) : enabled ? (
                        <Badge color="green" variant="light">
                          Activo
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="outline">
                          Inactivo
                        </Badge>
                      )}
                      {connected ? (
                        <Badge color="blue" variant="light">
                          Conectado
                        </Badge>
                      ) : null}
                    </Group>
                  </Stack>
                  <Switch
                    aria-label={`Aceptar ${m.label}`}
                    label="Aceptar"
                    checked={enabled}
                    disabled={!m.isAvailable || pending === m.method}
                    onChange={(event) => void save(m.method, event.currentTarget.checked, m.label)}
                  />
                </Group>
                {m.description ? (
                  <Text size="sm" c="dimmed">
                    {m.description}
                  </Text>
                ) : null}
                {!m.isAvailable && !m.description ? (
                  <Text size="sm" c="dimmed">
                    Barrio todavía no procesa este medio de pago.
                  </Text>
                ) : null}

                {m.isAvailable && hasDetails(m.method) ? (
                  <Stack gap="sm">
                    {m.method === 'bank_transfer' ? (
                      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                        <TextInput
                          label={BANK_FIELD_LABELS.cbu}
                          description="22 dígitos"
                          inputMode="numeric"
                          required
                          maxLength={26}
                          value={forms.bank_transfer.cbu}
                          error={methodErrors['details.cbu']}
                          onChange={(event) => {
                            const cbu = event.currentTarget.value
                            setForms((f) => ({ ...f, bank_transfer: { ...f.bank_transfer, cbu } }))
                          }}
                        />
                        <TextInput
                          label={BANK_FIELD_LABELS.alias}
                          value={forms.bank_transfer.alias}
                          error={methodErrors['details.alias']}
                          onChange={(event) => {
                            const alias = event.currentTarget.value
                            setForms((f) => ({
                              ...f,
                              bank_transfer: { ...f.bank_transfer, alias },
                            }))
                          }}
                        />
                        <TextInput
                          label={BANK_FIELD_LABELS.holder}
                          required
                          value={forms.bank_transfer.holder}
                          error={methodErrors['details.holder']}
                          onChange={(event) => {
                            const holder = event.currentTarget.value
                            setForms((f) => ({
                              ...f,
                              bank_transfer: { ...f.bank_transfer, holder },
                            }))
                          }}
                        />
                        <TextInput
                          label={BANK_FIELD_LABELS.bank}
                          value={forms.bank_transfer.bank}
                          error={methodErrors['details.bank']}
                          onChange={(event) => {
                            const bank = event.currentTarget.value
                            setForms((f) => ({ ...f, bank_transfer: { ...f.bank_transfer, bank } }))
                          }}
                        />
                        <TextInput
                          label={BANK_FIELD_LABELS.cuit}
                          placeholder="20-12345678-9"
                          maxLength={13}
                          value={forms.bank_transfer.cuit}
                          error={methodErrors['details.cuit']}
                          onChange={(event) => {
                            const cuit = event.currentTarget.value
                            setForms((f) => ({ ...f, bank_transfer: { ...f.bank_transfer, cuit } }))
                          }}
                        />
                      </SimpleGrid>
                    ) : null}

                    {m.method === 'cash' ? (
                      <Stack gap="xs">
                        <Checkbox
                          label="Al retirar en la tienda"
                          checked={forms.cash.onPickup}
                          onChange={(event) => {
                            const onPickup = event.currentTarget.checked
                            setForms((f) => ({ ...f, cash: { ...f.cash, onPickup } }))
                          }}
                        />
                        <Checkbox
                          label="Al recibir el pedido"
                          checked={forms.cash.onDelivery}
                          onChange={(event) => {
                            const onDelivery = event.currentTarget.checked
                            setForms((f) => ({ ...f, cash: { ...f.cash, onDelivery } }))
                          }}
                        />
                      </Stack>
                    ) : null}

                    {m.method === 'mercado_pago' ? (
                      <Stack gap="sm">
                        {account ? (
                          <Text size="sm" fw={500}>
                            Cuenta de Mercado Pago: {account}
                          </Text>
                        ) : null}
                        <PasswordInput
                          label="Access token"
                          description={
                            connected
                              ? 'Tu cuenta está conectada. Pegá un token nuevo solo si querés reemplazarlo.'
                              : 'Lo encontrás en Mercado Pago > Tu negocio > Credenciales.'
                          }
                          placeholder={connected ? 'Guardado (no se muestra)' : 'APP_USR-…'}
                          autoComplete="off"
                          value={forms.mercado_pago.accessToken}
                          error={methodErrors['details.accessToken']}
                          onChange={(event) => {
                            const accessToken = event.currentTarget.value
                            setForms((f) => ({
                              ...f,
                              mercado_pago: { ...f.mercado_pago, accessToken },
                            }))
                          }}
                        />
                        <TextInput
                          label="Public key"
                          value={forms.mercado_pago.publicKey}
                          error={methodErrors['details.publicKey']}
                          onChange={(event) => {
                            const publicKey = event.currentTarget.value
                            setForms((f) => ({
                              ...f,
                              mercado_pago: { ...f.mercado_pago, publicKey },
                            }))
                          }}
                        />
                      </Stack>
                    ) : null}

                    <Group justify="space-between">
                      {setting ? (
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          onClick={() => void remove(setting, m.label)}
                        >
                          Quitar configuración
                        </Button>
                      ) : (
                        <span />
                      )}
                      <Button
                        size="sm"
                        variant="light"
                        loading={pending === m.method}
                        aria-label={saveDetailsLabel(m.label, Boolean(setting))}
                        onClick={() => void save(m.method, setting ? enabled : true, m.label)}
                      >
                        {setting ? 'Guardar datos' : 'Guardar y activar'}
                      </Button>
                    </Group>
                  </Stack>
                ) : null}
              </Stack>
            </Card>
          )
        })}
    </SimpleGrid>
  )
}
