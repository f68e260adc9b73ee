import {
  notificationSettingsSchema,
  STORE_NOTIFICATION_EVENTS,
  STORE_NOTIFICATION_LABELS,
  type NotificationSettings,
} from '@barrio/contracts/admin-settings'
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import { validateWith, type FieldErrors } from '@/components/admin/form-errors'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { TableContainer } from '@/components/admin/table-container'
import { useUnsavedChanges } from '@/components/admin/use-unsaved-changes'
import {
  notificationsKey,
  notificationsQueryOptions,
  saveNotificationSettings,
} from '@/features/seller-settings/api/notifications'
import { useAppStore } from '@/lib/app-store'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

type Values = {
  email: string
  events: NotificationSettings['events']
  lowStockThreshold: number | ''
}

function toValues(settings: NotificationSettings | null): Values {
  const events = {} as NotificationSettings['events']
  for (const event of STORE_NOTIFICATION_EVENTS) {
    events[event] = settings?.events[event] ?? { email: true, push: false }
  }
  return {
    email: settings?.email ?? '',
    events,
    lowStockThreshold: settings?.lowStockThreshold ?? 3,
  }
}

export function NotificationsSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useQuery(notificationsQueryOptions(storeId))
  if (!storeId || query.isPending) return <LoadingState />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  return <NotificationsForm key={storeId} settings={query.data} />
}

function NotificationsForm({ settings }: { settings: NotificationSettings | null }) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  const [values, setValues] = useState(() => toValues(settings))
  const [snapshot, setSnapshot] = useState(values)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const isDirty = JSON.stringify(values) !== JSON.stringify(snapshot)
  const allowNavigation = useUnsavedChanges(isDirty && !saving)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const result = validateWith(notificationSettingsSchema, {
      email: values.email.trim() === '' ? null : values.email,
      events: values.events,
      lowStockThreshold: values.lowStockThreshold === '' ? undefined : values.lowStockThreshold,
    })
    if (!result.success) {
      setErrors(result.errors)
      return
    }
    setErrors({})
    setSaving(true)
    try {
      const saved = await saveNotificationSettings(result.data)
      queryClient.setQueryData(notificationsKey(storeId), saved)
      const fresh = toValues(saved)
      setValues(fresh)
      setSnapshot(fresh)
      allowNavigation()
      showToast({ message: 'Guardamos tus preferencias de avisos.', type: 'success' })
    } catch (error) {
      setErrors(getFieldErrors(error))
      setFormError(getErrorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  const toggle = (
    event: (typeof STORE_NOTIFICATION_EVENTS)[number],
    channel: 'email',
    on: boolean,
  ) =>
    setValues((current) => ({
      ...current,
      events: { ...current.events, [event]: { ...current.events[event], [channel]: on } },
    }))

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md" maw={720}>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <TextInput
              label="Correo para avisos"
              description="Si lo dejás vacío, usamos el correo del comercio."
              type="email"
              value={values.email}
              error={errors.email}
              onChange={(event) => {
                const email = event.currentTarget.value
                setValues((current) => ({ ...current, email }))
              }}
            />
            <NumberInput
              label="Umbral de stock bajo"
              description="Te avisamos cuando una variante tiene esta cantidad o menos."
              value={values.lowStockThreshold}
              min={0}
              max={10_000}
              allowDecimal={false}
              allowNegative={false}
              error={errors.lowStockThreshold}
              onChange={(value) =>
                setValues((current) => ({
                  ...current,
                  lowStockThreshold: typeof value === 'number' ? value : '',
                }))
              }
              w={{ base: '100%', xs: 260 }}
            />
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <TableContainer label="Avisos por evento" minWidth={320}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Evento</Table.Th>
                  <Table.Th>Correo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {STORE_NOTIFICATION_EVENTS.map((event) => (
                  <Table.Tr key={event}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {STORE_NOTIFICATION_LABELS[event]}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${STORE_NOTIFICATION_LABELS[event]}: aviso por correo`}
                        checked={values.events[event].email}
                        onChange={(e) => toggle(event, 'email', e.currentTarget.checked)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableContainer>
        </Card>
        {formError ? (
          <Alert color="red" role="alert" title="No se pudo guardar">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
