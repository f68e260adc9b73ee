import {
  notificationSettingsSchema,
  type NotificationSettings,
} from '@barrio/contracts/admin-settings'
import { queryOptions } from '@tanstack/react-query'

import { storeScopedKey } from '@/lib/admin-query-keys'
import { adminHttp } from '@/lib/http/admin-client'
import { isApiError } from '@/lib/http/api-error'

export const notificationsKey = (storeId: string | null) =>
  storeScopedKey(storeId, 'settings', 'notifications')

/** GET /admin/store_settings_notifications; null while never configured (404). */
export async function getNotificationSettings(): Promise<NotificationSettings | null> {
  try {
    return notificationSettingsSchema.parse(await adminHttp.get('/store_settings_notifications'))
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null
    throw error
  }
}

export function notificationsQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: notificationsKey(storeId),
    queryFn: getNotificationSettings,
    enabled: Boolean(storeId),
  })
}

/** PUT /admin/store_settings_notifications. */
export async function saveNotificationSettings(
  input: NotificationSettings,
): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(
    await adminHttp.put('/store_settings_notifications', input),
  )
}
