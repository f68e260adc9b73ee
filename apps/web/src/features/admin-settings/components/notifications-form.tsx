import {
  STORE_NOTIFICATION_EVENTS,
  STORE_NOTIFICATION_LABELS,
  type NotificationSettings,
} from '@barrio/contracts/admin-settings'
import { Card, NumberInput, Stack, Switch, Table, Text, TextInput } from '@mantine/core'

import { AppForm } from '@/components/form/app-form'
import { useAppForm } from '@/components/form/use-app-form'
import { ErrorState } from '@/components/errors/error-state'
import { LoadingState } from '@/components/admin/page-states'
import { TableContainer } from '@/components/admin/table-container'
import { useNotificationSettings } from '@/api/admin/settings/get-notification-settings'
import { useSaveNotificationSettings } from '@/api/admin/settings/save-notification-settings'
import {
  notificationsToValues,
  validateNotifications,
} from '@/features/admin-settings/utils/notifications-form'
import { useAppStore } from '@/lib/app-store'

export function NotificationsSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const query = useNotificationSettings()
  if (!storeId || query.isPending) return <LoadingState />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  return <NotificationsForm key={storeId} settings={query.data} />
}

function NotificationsForm({ settings }: { settings: NotificationSettings | null }) {
  const appForm = useAppForm({
    initialValues: notificationsToValues(settings),
    validate: validateNotifications,
    mutation: useSaveNotificationSettings(),
    toValues: notificationsToValues,
    successMessage: 'Guardamos tus preferencias de avisos.',
  })
  const { form } = appForm

  return (
    <AppForm
      form={appForm}
      label="Avisos de la tienda"
      saveLabel="Guardar cambios"
      // Never configured: the defaults shown are worth saving as they are.
      savePristine={settings === null}
    >
      <Stack gap="md" maw={720}>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <TextInput
              label="Correo para avisos"
              description="Si lo dejás vacío, usamos el correo del comercio."
              type="email"
              {...form.getInputProps('email')}
            />
            <NumberInput
              label="Umbral de stock bajo"
              description="Te avisamos cuando una variante tiene esta cantidad o menos."
              min={0}
              max={10_000}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('lowStockThreshold')}
              onChange={(value) =>
                form.setFieldValue('lowStockThreshold', typeof value === 'number' ? value : '')
              }
              w={{ base: '100%', xs: 260 }}
            />
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Text size="sm" c="dimmed" mb="sm">
            Las notificaciones en el teléfono llegan a quienes administran la tienda y tienen la app
            de Barrio con las notificaciones activadas.
          </Text>
          <TableContainer label="Avisos por evento" minWidth={280}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Evento</Table.Th>
                  <Table.Th>Correo</Table.Th>
                  <Table.Th>Teléfono</Table.Th>
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
                        {...form.getInputProps(`events.${event}.email`, { type: 'checkbox' })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${STORE_NOTIFICATION_LABELS[event]}: aviso en el teléfono`}
                        {...form.getInputProps(`events.${event}.push`, { type: 'checkbox' })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableContainer>
        </Card>
      </Stack>
    </AppForm>
  )
}
