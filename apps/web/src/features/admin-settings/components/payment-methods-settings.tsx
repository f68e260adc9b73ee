import type { PaymentMethodSetting } from '@barrio/contracts/admin-settings'
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
import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { confirm } from '@/components/confirm/confirm'
import { useDeletePaymentMethodSetting } from '@/api/admin/settings/delete-payment-method-setting'
import {
  useAppPaymentMethods,
  type AppPaymentMethod,
} from '@/api/admin/settings/get-app-payment-methods'
import { usePaymentMethodSettings } from '@/api/admin/settings/get-payment-method-settings'
import { useSavePaymentMethodSetting } from '@/api/admin/settings/save-payment-method-setting'
import {
  detailsFormsFrom,
  hasDetails,
  isMercadoPagoConnected,
  mercadoPagoAccountLabel,
  validatePaymentSetting,
  type PaymentDetailsForms,
} from '@/features/admin-settings/utils/payment-details'
import { useAppStore } from '@/lib/app-store'
import { showToast } from '@/lib/toast'

export const BANK_FIELD_LABELS = {
  cbu: 'CBU o CVU',
  alias: 'Alias',
  holder: 'Titular de la cuenta',
  bank: 'Banco',
  cuit: 'CUIT',
} as const

export const MERCADO_PAGO_LABELS = {
  accessToken: 'Token de acceso',
  publicKey: 'Clave pública',
} as const

/** The details button: "Guardar y activar X" the first time, "Guardar datos de X" after. */
export function saveDetailsLabel(label: string, configured: boolean) {
  return configured ? `Guardar datos de ${label}` : `Guardar y activar ${label}`
}

export function PaymentMethodsSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const app = useAppPaymentMethods()
  const settings = usePaymentMethodSettings()
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
  const mercadoPagoConnected = isMercadoPagoConnected(
    settings.find((s) => s.method === 'mercado_pago'),
  )
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {[...methods]
        .sort((a, b) => Number(b.isAvailable) - Number(a.isAvailable))
        .map((m) => (
          <PaymentMethodCard
            key={m.method}
            method={m}
            setting={settings.find((s) => s.method === m.method)}
            mercadoPagoConnected={mercadoPagoConnected}
          />
        ))}
    </SimpleGrid>
  )
}

type CardValues = {
  /** What the next save sends: a method saved for the first time is turned on. */
  enabled: boolean
  forms: PaymentDetailsForms
}

const cardValues = (setting: PaymentMethodSetting | undefined): CardValues => ({
  enabled: setting ? setting.enabled : true,
  forms: detailsFormsFrom(setting ? [setting] : []),
})

/** One method: the "Aceptar" switch, and its details as a small seller form. */
function PaymentMethodCard({
  method: m,
  setting,
  mercadoPagoConnected,
}: {
  method: AppPaymentMethod
  setting: PaymentMethodSetting | undefined
  mercadoPagoConnected: boolean
}) {
  const remove = useDeletePaymentMethodSetting()
  const appForm = useAppForm({
    initialValues: cardValues(setting),
    validate: (values) =>
      validatePaymentSetting(m.method, values.enabled, values.forms, { mercadoPagoConnected }),
    mutation: useSavePaymentMethodSetting(),
    toValues: cardValues,
    successMessage: (saved) =>
      saved.enabled ? `${m.label}: activado.` : `${m.label}: desactivado.`,
  })
  const { form } = appForm
  const enabled = setting?.enabled ?? false
  const connected = m.method === 'mercado_pago' && isMercadoPagoConnected(setting)
  const account = connected ? mercadoPagoAccountLabel(setting) : null
  // Connected through OAuth (decision 049): the pasted token is the secondary way.
  const oauth = m.method === 'mercado_pago' && setting?.details.oauth === true
  const field = (name: string) => appForm.inputProps(`forms.${m.method}.${name}`, `details.${name}`)

  async function removeSetting(current: PaymentMethodSetting) {
    const ok = await confirm({
      message: `¿Querés quitar la configuración de ${m.label}?`,
      smallText: 'Tus clientes dejan de ver este medio de pago y se borran sus datos.',
    })
    if (!ok) return
    await remove.mutateAsync(current._id).then(
      () => {
        const fresh = cardValues(undefined)
        appForm.rebase(() => fresh)
        form.setValues(fresh)
        showToast({ message: `Quitaste ${m.label}.`, type: 'success' })
      },
      () => undefined,
    )
  }

  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={m.label}>
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
            disabled={!m.isAvailable || appForm.isSaving}
            onChange={(event) => void appForm.save({ enabled: event.currentTarget.checked })}
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
        {!hasDetails(m.method) && appForm.formError ? (
          <Text size="sm" c="red" role="alert">
            {appForm.formError}
          </Text>
        ) : null}

        {m.isAvailable && hasDetails(m.method) ? (
          <AppForm
            form={appForm}
            label={`Datos de ${m.label}`}
            sticky={false}
            saveLabel={setting ? 'Guardar datos' : 'Guardar y activar'}
            saveAriaLabel={saveDetailsLabel(m.label, Boolean(setting))}
            cleanText=""
            // Never saved: the defaults (e.g. cash on pickup and delivery) can be saved as they are.
            savePristine={!setting}
            actions={
              setting ? (
                <Button
                  variant="subtle"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => void removeSetting(setting)}
                >
                  Quitar configuración
                </Button>
              ) : null
            }
          >
            {m.method === 'bank_transfer' ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label={BANK_FIELD_LABELS.cbu}
                  description="22 dígitos"
                  inputMode="numeric"
                  required
                  maxLength={26}
                  {...field('cbu')}
                />
                <TextInput label={BANK_FIELD_LABELS.alias} {...field('alias')} />
                <TextInput label={BANK_FIELD_LABELS.holder} required {...field('holder')} />
                <TextInput label={BANK_FIELD_LABELS.bank} {...field('bank')} />
                <TextInput
                  label={BANK_FIELD_LABELS.cuit}
                  placeholder="20-12345678-9"
                  maxLength={13}
                  {...field('cuit')}
                />
              </SimpleGrid>
            ) : null}

            {m.method === 'cash' ? (
              <Stack gap="xs">
                <Checkbox
                  label="Al retirar en la tienda"
                  {...form.getInputProps('forms.cash.onPickup', { type: 'checkbox' })}
                />
                <Checkbox
                  label="Al recibir el pedido"
                  {...form.getInputProps('forms.cash.onDelivery', { type: 'checkbox' })}
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
                <Text size="sm" c="dimmed">
                  {oauth
                    ? 'Cobrás con la cuenta conectada arriba; un token de acceso pegado no se usa mientras siga conectada.'
                    : 'Otra forma, si no conectás tu cuenta: pegá tu token de acceso. Así Mercado Pago no descuenta la comisión de Barrio y queda como saldo a pagar.'}
                </Text>
                <PasswordInput
                  label={MERCADO_PAGO_LABELS.accessToken}
                  description={
                    connected
                      ? 'Pegá un token nuevo solo si querés reemplazar el que está guardado.'
                      : 'Lo encontrás en Mercado Pago > Tu negocio > Credenciales.'
                  }
                  placeholder={connected ? 'Guardado (no se muestra)' : 'APP_USR-…'}
                  autoComplete="off"
                  {...field('accessToken')}
                />
                <TextInput label={MERCADO_PAGO_LABELS.publicKey} {...field('publicKey')} />
              </Stack>
            ) : null}
          </AppForm>
        ) : null}
      </Stack>
    </Card>
  )
}
