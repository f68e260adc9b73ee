/** Local-only for now: the notification choices of this device. */
export const NOTIFICATION_PREFERENCES_KEY = 'barrio.notificationPrefs'

export type NotificationPreferences = { orderUpdates: boolean; promotions: boolean }

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  orderUpdates: true,
  promotions: false,
}

export function readNotificationPreferences(): NotificationPreferences {
  try {
    const raw = window.localStorage.getItem(NOTIFICATION_PREFERENCES_KEY)
    if (!raw) return DEFAULT_NOTIFICATION_PREFERENCES
    const parsed = JSON.parse(raw) as Partial<Record<keyof NotificationPreferences, unknown>>
    return {
      orderUpdates:
        typeof parsed.orderUpdates === 'boolean'
          ? parsed.orderUpdates
          : DEFAULT_NOTIFICATION_PREFERENCES.orderUpdates,
      promotions:
        typeof parsed.promotions === 'boolean'
          ? parsed.promotions
          : DEFAULT_NOTIFICATION_PREFERENCES.promotions,
    }
  } catch {
    return DEFAULT_NOTIFICATION_PREFERENCES
  }
}

export function writeNotificationPreferences(preferences: NotificationPreferences): void {
  try {
    window.localStorage.setItem(NOTIFICATION_PREFERENCES_KEY, JSON.stringify(preferences))
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this visit only.
  }
}
