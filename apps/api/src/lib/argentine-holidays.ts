import Holidays from 'date-holidays'

/**
 * Argentina's national public holidays (feriados nacionales, including the movable ones and
 * Carnaval) from date-holidays, as Buenos Aires days (YYYY-MM-DD). Computed once per year and
 * kept: a store's open-now answer asks for every day of its two-week horizon.
 */
const calendar = new Holidays('AR')
const byYear = new Map<number, Map<string, string>>()

function holidaysOf(year: number): Map<string, string> {
  let days = byYear.get(year)
  if (!days) {
    days = new Map()
    for (const h of calendar.getHolidays(year)) {
      if (h.type === 'public') days.set(h.date.slice(0, 10), h.name)
    }
    byYear.set(year, days)
  }
  return days
}

/** Whether a Buenos Aires day (YYYY-MM-DD) is a national public holiday. */
export function isArgentineHoliday(day: string): boolean {
  return holidaysOf(Number(day.slice(0, 4))).has(day)
}

/** The holiday's Spanish name, or null. */
export function argentineHolidayName(day: string): string | null {
  return holidaysOf(Number(day.slice(0, 4))).get(day) ?? null
}
