import {
  notificationSettingsSchema,
  type NotificationSettings,
} from '@barrio/contracts/admin-settings'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { notificationsKey } from '@/api/admin/settings/get-notification-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** PUT /admin/store_settings_notifications. */
export async function saveNotificationSettings(
  input: NotificationSettings,
): Promise<NotificationSettings> {
  return notificationSettingsSchema.parse(
    await adminHttp.put('/store_settings_notifications', input),
  )
}

export function useSaveNotificationSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationsKey(storeId), saved),
  })
}
