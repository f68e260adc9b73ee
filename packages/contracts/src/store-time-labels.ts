/**
 * The words customers read about a store's time (issue 26), shared by the API's messages and the
 * web's cards and shop header so that every place says the same. Buenos Aires time, UTC-3 all
 * year (Argentina keeps no daylight saving; the API's lib/buenos-aires-day.ts says the same), so
 * the answer does not depend on the device's or the server's zone. No zod here: the home page's
 * first bundle imports it.
 */
const OFFSET_MS = 3 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado']

/** Buenos Aires wall time of an instant, as a UTC date whose fields read it. */
const wall = (t: number) => new Date(t - OFFSET_MS)
const dayNumber = (t: number) => Math.floor((t - OFFSET_MS) / DAY_MS)

/** The Buenos Aires day (YYYY-MM-DD) of an instant. */
export function buenosAiresDayOf(instant: string | Date): string {
  return wall(new Date(instant).getTime()).toISOString().slice(0, 10)
}

/** "9:00", "20:30" in Buenos Aires time. */
export function clockLabel(iso: string | Date): string {
  const w = wall(new Date(iso).getTime())
  return `${w.getUTCHours()}:${String(w.getUTCMinutes()).padStart(2, '0')}`
}

/** "hoy 17:00", "mañana 9:00", "el sábado 9:00", "el 15/12 9:00" (more than six days ahead). */
export function whenLabel(iso: string | Date, now: Date = new Date()): string {
  const t = new Date(iso).getTime()
  const days = dayNumber(t) - dayNumber(now.getTime())
  const time = clockLabel(iso)
  if (days <= 0) return `hoy ${time}`
  if (days === 1) return `mañana ${time}`
  const w = wall(t)
  if (days < 7) return `el ${WEEKDAYS[w.getUTCDay()]} ${time}`
  return `el ${w.getUTCDate()}/${w.getUTCMonth() + 1} ${time}`
}

export type StoreTimeAnswer = {
  isOpen: boolean
  openNow: boolean
  closesAt: string | null
  nextOpening: string | null
}

/** "Abierto · cierra 20:00", "Cerrado · abre mañana 9:00", "Pausado por el comercio". */
export function storeStatusLabel(store: StoreTimeAnswer, now: Date = new Date()): string {
  if (store.openNow) {
    if (!store.closesAt) return 'Abierto'
    const closes = new Date(store.closesAt)
    const sameDay = dayNumber(closes.getTime()) === dayNumber(now.getTime())
    return `Abierto · cierra ${sameDay ? clockLabel(closes) : whenLabel(closes, now)}`
  }
  if (store.nextOpening) return `Cerrado · abre ${whenLabel(store.nextOpening, now)}`
  return store.isOpen ? 'Cerrado' : 'Cerrado por el momento'
}

/** "25–35 min". */
export function etaLabel(eta: { min: number; max: number }): string {
  return `${eta.min}–${eta.max} min`
}

/** "el sábado 10:00–10:30", "mañana 9:00–9:30" (a scheduled order's slot, issue 26). */
export function slotLabel(slot: { start: string; end: string }, now: Date = new Date()): string {
  return `${whenLabel(slot.start, now)}–${clockLabel(slot.end)}`
}

/** "Programado para el sábado 10:00–10:30". */
export function scheduledForLabel(slot: { start: string; end: string }, now: Date = new Date()) {
  return `Programado para ${slotLabel(slot, now)}`
}

/** "Hoy", "Mañana", "Sábado 5/12" for a Buenos Aires day (YYYY-MM-DD): the slot picker's days. */
export function dayLabel(day: string, now: Date = new Date()): string {
  const t = Date.parse(`${day}T12:00:00-03:00`)
  const days = dayNumber(t) - dayNumber(now.getTime())
  if (days === 0) return 'Hoy'
  if (days === 1) return 'Mañana'
  const w = wall(t)
  const name = WEEKDAYS[w.getUTCDay()]!
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${w.getUTCDate()}/${w.getUTCMonth() + 1}`
}
