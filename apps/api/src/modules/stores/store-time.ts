import { addDays, buenosAiresDay, buenosAiresDayRange } from '../../lib/buenos-aires-day.ts'
import { isArgentineHoliday } from '../../lib/argentine-holidays.ts'
import type { OpeningHours, StoreClosure } from '@barrio/contracts/stores'

/** What decides whether a store takes ASAP orders now (issue 26, decision 039). */
export type StoreSchedule = {
  isOpen: boolean
  status?: string
  locationPending?: boolean
  openingHours: OpeningHours
  closures: StoreClosure[]
  openOnHolidays: boolean
}

export type StoreTime = {
  /** The switch is on, and now is inside one of today's ranges, outside closures and holidays. */
  openNow: boolean
  /** When open now: the end of the open stretch (null when it runs past the horizon). */
  closesAt: Date | null
  /** When closed by its schedule: the next start (null when paused or none in the horizon). */
  nextOpening: Date | null
  /** The closure that covers today (Buenos Aires), if any: its reason tells customers why. */
  closure: StoreClosure | null
}

/** How far ahead the next opening is looked for: two weeks cover any vacation worth showing. */
const HORIZON_DAYS = 15
const MINUTE_MS = 60_000

/** "HH:MM" → minutes after midnight ("24:00" is the end of the day). */
function minutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
}

const hasHours = (hours: OpeningHours) => Object.values(hours).some((r) => r && r.length > 0)

/** A Buenos Aires day on which the store does not open (a closure, or a holiday it keeps). */
function closedDay(store: StoreSchedule, day: string): boolean {
  if (store.closures.some((c) => c.from <= day && day <= c.to)) return true
  return !store.openOnHolidays && isArgentineHoliday(day)
}

/**
 * The open ranges [start, end) in ms that start on a Buenos Aires day, in the order of its hours,
 * none on a closed day (closure, or a holiday it keeps). The schedule's building block: open-now
 * merges them over two weeks, scheduled orders cut them into slots (issue 26).
 */
export function dayIntervals(store: StoreSchedule, day: string): Array<[number, number]> {
  if (closedDay(store, day)) return []
  const allDay: Array<[string, string]> = [['00:00', '24:00']]
  const weekday = String(new Date(`${day}T00:00:00Z`).getUTCDay()) as keyof OpeningHours
  const ranges = hasHours(store.openingHours) ? (store.openingHours[weekday] ?? []) : allDay
  const dayStart = buenosAiresDayRange(day).start.getTime()
  return ranges.map(([open, close]) => {
    const from = minutes(open)
    let to = minutes(close)
    if (to <= from) to += 24 * 60
    return [dayStart + from * MINUTE_MS, dayStart + to * MINUTE_MS] as [number, number]
  })
}

/** Whether the seller's switch, status and place let the store take any order (ASAP or later). */
export function takesOrders(store: StoreSchedule): boolean {
  return store.isOpen && (store.status ?? 'active') === 'active' && store.locationPending !== true
}

/**
 * The store's open intervals [start, end) in ms that start from yesterday (a range past midnight
 * reaches into today) to the horizon, in order and merged when they touch. A range belongs to
 * the day it starts on: a close at or before its open ("20:00"–"02:00") ends the next day. A
 * store without any hours is open all day, every day (the switch alone decides, as before).
 */
function openIntervals(store: StoreSchedule, today: string): Array<[number, number]> {
  const out: Array<[number, number]> = []
  for (let i = -1; i < HORIZON_DAYS; i++) out.push(...dayIntervals(store, addDays(today, i)))
  out.sort((a, b) => a[0] - b[0])
  const merged: Array<[number, number]> = []
  for (const interval of out) {
    const last = merged.at(-1)
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1])
    else merged.push([...interval])
  }
  return merged
}

/**
 * Each store's last answer and the span it holds for: from the instant it was computed until the
 * store opens or closes, or the day ends (today's closure and the horizon move with the day).
 * Keyed by the store object, so a store read again (a change) is computed afresh; lists ask the
 * same cached store rows again and again (the nearby lists, search).
 */
const lastTime = new WeakMap<StoreSchedule, { from: number; until: number; time: StoreTime }>()

/** Whether the store is open at `now`, when it closes, and when it opens next (Buenos Aires time). */
export function storeTimeAt(store: StoreSchedule, now: Date = new Date()): StoreTime {
  const t = now.getTime()
  const last = lastTime.get(store)
  if (last && last.from <= t && t < last.until) return last.time
  const time = computeStoreTime(store, now)
  const dayEnd = buenosAiresDayRange(buenosAiresDay(now)).end.getTime()
  lastTime.set(store, {
    from: t,
    until: Math.min(storeTimeChangesAt(time) ?? dayEnd, dayEnd),
    time,
  })
  return time
}

function computeStoreTime(store: StoreSchedule, now: Date): StoreTime {
  const today = buenosAiresDay(now)
  const closure = store.closures.find((c) => c.from <= today && today <= c.to) ?? null
  if (!takesOrders(store)) return { openNow: false, closesAt: null, nextOpening: null, closure }
  const t = now.getTime()
  const horizon = buenosAiresDayRange(addDays(today, HORIZON_DAYS - 1)).end.getTime()
  const intervals = openIntervals(store, today)
  const current = intervals.find(([from, to]) => from <= t && t < to)
  if (current)
    return {
      openNow: true,
      closesAt: current[1] >= horizon ? null : new Date(current[1]),
      nextOpening: null,
      closure,
    }
  const next = intervals.find(([from]) => from > t)
  return {
    openNow: false,
    closesAt: null,
    nextOpening: next ? new Date(next[0]) : null,
    closure,
  }
}

/** The instant the store's open-now answer changes next (null: not within the horizon). */
export function storeTimeChangesAt(time: StoreTime): number | null {
  return (time.openNow ? time.closesAt : time.nextOpening)?.getTime() ?? null
}
