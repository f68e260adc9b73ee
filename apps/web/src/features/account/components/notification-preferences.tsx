import { Stack, Switch, Text } from '@mantine/core'
import { useState } from 'react'

import {
  readNotificationPreferences,
  writeNotificationPreferences,
  type NotificationPreferences as Preferences,
} from '@/features/account/utils/notification-preferences'

/** Placeholder until push and e-mail notifications exist: the choices are kept on this device. */
export function NotificationPreferences() {
  const [preferences, setPreferences] = useState<Preferences>(readNotificationPreferences)

  const set = (field: keyof Preferences) => (checked: boolean) => {
    const next = { ...preferences, [field]: checked }
    setPreferences(next)
    writeNotificationPreferences(next)
  }

  return (
    <Stack gap="sm">
      <Switch
        label="Novedades de mis pedidos"
        description="Cuando un comercio confirma, prepara o envía tu pedido."
        checked={preferences.orderUpdates}
        onChange={(event) => set('orderUpdates')(event.currentTarget.checked)}
      />
      <Switch
        label="Promociones de comercios de mi barrio"
        description="Ofertas y novedades de los comercios cercanos."
        checked={preferences.promotions}
        onChange={(event) => set('promotions')(event.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed">
        Por ahora estas preferencias se guardan solo en este dispositivo.
      </Text>
    </Stack>
  )
}
