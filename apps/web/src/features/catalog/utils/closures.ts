import { buenosAiresDayOf } from '@barrio/contracts/store-time-labels'
import type { Store } from '@barrio/contracts/stores'

/** "20/12" from "2026-12-20". */
const dayMonth = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`

/** The closures not yet over, soonest first: "Vacaciones: del 20/12 al 5/1", "Inventario: el 2/12". */
export function upcomingClosures(store: Store, now: Date = new Date()) {
  const today = buenosAiresDayOf(now)
  return store.closures
    .filter((c) => c.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from))
    .map((c) => {
      const days =
        c.from === c.to ? `el ${dayMonth(c.from)}` : `del ${dayMonth(c.from)} al ${dayMonth(c.to)}`
      return { ...c, label: c.reason ? `${c.reason}: ${days}` : `Cerrado ${days}` }
    })
}
