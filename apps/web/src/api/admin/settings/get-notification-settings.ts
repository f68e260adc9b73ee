import {
  notificationSettingsSchema,
  type NotificationSettings,
} from '@barrio/contracts/admin-settings'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { storeSettingsKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'
import { isApiError } from '@/lib/http/api-error'

export const notificationsKey = (storeId: string | null) =>
  storeSettingsKey(storeId, 'notifications')

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

export function useNotificationSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(notificationsQueryOptions(storeId))
}
