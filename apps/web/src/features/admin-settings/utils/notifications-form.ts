import {
  notificationSettingsSchema,
  STORE_NOTIFICATION_EVENTS,
  type NotificationSettings,
} from '@barrio/contracts/admin-settings'

import { validateWith, type Validated } from '@/components/form/form-errors'

export type NotificationsFormValues = {
  email: string
  events: NotificationSettings['events']
  lowStockThreshold: number | ''
}

/** Every event with a value (e-mail on by default), even those added after the last save. */
export function notificationsToValues(
  settings: NotificationSettings | null,
): NotificationsFormValues {
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

export function validateNotifications(
  values: NotificationsFormValues,
): Validated<NotificationSettings> {
  return validateWith(notificationSettingsSchema, {
    email: values.email.trim() === '' ? null : values.email,
    events: values.events,
    lowStockThreshold: values.lowStockThreshold === '' ? undefined : values.lowStockThreshold,
  })
}
