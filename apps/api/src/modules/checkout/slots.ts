import type { SchedulingSettings } from '@barrio/contracts/admin-settings'
import { addDays, buenosAiresDay } from '../../lib/buenos-aires-day.ts'
import { dayIntervals, takesOrders, type StoreSchedule } from '../stores/store-time.ts'

const MINUTE_MS = 60_000

export type Slot = { start: number; end: number }

/** The Buenos Aires days a customer may schedule for: today up to `maxDaysAhead` days ahead. */
export function schedulableDays(settings: SchedulingSettings, now: Date): string[] {
  if (!settings.enabled) return []
  const today = buenosAiresDay(now)
  return Array.from({ length: settings.maxDaysAhead + 1 }, (_, i) => addDays(today, i))
}

/**
 * A day's slots for one delivery type (issue 26, decision 040): each open range of the day cut
 * into `slotMinutes` pieces from its opening (a last piece that would end after the closing is
 * left out), only those starting at or after now + `prepMinutes` + `cutoffMinutes`. None when
 * scheduling is off, the day is outside the days offered, or the seller paused the store.
 * Capacity is the caller's: it counts the orders already in each slot.
 */
export function daySlots(
  store: StoreSchedule,
  settings: SchedulingSettings,
  day: string,
  now: Date,
): Slot[] {
  if (!takesOrders(store) || !schedulableDays(settings, now).includes(day)) return []
  const length = settings.slotMinutes * MINUTE_MS
  const earliest = now.getTime() + (settings.prepMinutes + settings.cutoffMinutes) * MINUTE_MS
  const slots: Slot[] = []
  for (const [open, close] of dayIntervals(store, day)) {
    for (let start = open; start + length <= close; start += length) {
      if (start >= earliest) slots.push({ start, end: start + length })
    }
  }
  return slots.sort((a, b) => a.start - b.start)
}
