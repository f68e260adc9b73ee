import { afterEach, describe, expect, it } from 'vitest'
import { storeTimeAt, storeTimeChangesAt, type StoreSchedule } from './store-time.ts'

/** An instant given as Buenos Aires wall time. */
const ba = (local: string) => new Date(`${local}:00-03:00`)

// 2026-12-01 is a Tuesday (weekday 2); 2026-12-08 (Tuesday) is a national holiday.
const bakery: StoreSchedule = {
  isOpen: true,
  openingHours: {
    '1': [['08:00', '13:00']],
    '2': [
      ['08:00', '13:00'],
      ['17:00', '20:30'],
    ],
    '3': [['08:00', '13:00']],
    '5': [['20:00', '02:00']],
    '6': [['09:00', '13:00']],
  },
  closures: [],
  openOnHolidays: false,
}

describe('storeTimeAt (Buenos Aires time)', () => {
  const originalTz = process.env.TZ
  afterEach(() => {
    process.env.TZ = originalTz
  })

  it('is open from the exact opening minute and closed from the exact closing minute', () => {
    expect(storeTimeAt(bakery, ba('2026-12-01T07:59')).openNow).toBe(false)
    const opening = storeTimeAt(bakery, ba('2026-12-01T08:00'))
    expect(opening.openNow).toBe(true)
    expect(opening.closesAt).toEqual(ba('2026-12-01T13:00'))
    expect(storeTimeAt(bakery, ba('2026-12-01T12:59')).openNow).toBe(true)
    const closing = storeTimeAt(bakery, ba('2026-12-01T13:00'))
    expect(closing.openNow).toBe(false)
    expect(closing.nextOpening).toEqual(ba('2026-12-01T17:00'))
  })

  it('after the last range of a day, the next opening is the next day that has hours', () => {
    const late = storeTimeAt(bakery, ba('2026-12-03T21:00'))
    expect(late.openNow).toBe(false)
    // Thursday has no hours: Friday 20:00.
    expect(late.nextOpening).toEqual(ba('2026-12-04T20:00'))
  })

  it('a range past midnight stays open into the next day and closes there', () => {
    const fridayNight = storeTimeAt(bakery, ba('2026-12-05T01:30'))
    expect(fridayNight.openNow).toBe(true)
    expect(fridayNight.closesAt).toEqual(ba('2026-12-05T02:00'))
    const after = storeTimeAt(bakery, ba('2026-12-05T02:00'))
    expect(after.openNow).toBe(false)
    expect(after.nextOpening).toEqual(ba('2026-12-05T09:00'))
  })

  it('ranges that touch make one open stretch', () => {
    const split: StoreSchedule = {
      ...bakery,
      openingHours: {
        '2': [
          ['08:00', '12:00'],
          ['12:00', '16:00'],
        ],
      },
    }
    expect(storeTimeAt(split, ba('2026-12-01T11:00')).closesAt).toEqual(ba('2026-12-01T16:00'))
  })

  it('a closure covers its days whole, both ends included', () => {
    const vacation: StoreSchedule = {
      ...bakery,
      closures: [{ from: '2026-12-01', to: '2026-12-02', reason: 'Vacaciones' }],
    }
    expect(storeTimeAt(vacation, ba('2026-12-01T09:00')).openNow).toBe(false)
    expect(storeTimeAt(vacation, ba('2026-12-01T09:00')).nextOpening).toEqual(
      ba('2026-12-04T20:00'),
    )
    expect(storeTimeAt(vacation, ba('2026-12-02T10:00')).openNow).toBe(false)
    // The closure of the day says why; none the day after.
    expect(storeTimeAt(vacation, ba('2026-12-02T10:00')).closure?.reason).toBe('Vacaciones')
    expect(storeTimeAt(vacation, ba('2026-12-03T10:00')).closure).toBeNull()
  })

  it('a national holiday closes the store unless it opens on holidays', () => {
    expect(storeTimeAt(bakery, ba('2026-12-08T09:00')).openNow).toBe(false)
    expect(storeTimeAt(bakery, ba('2026-12-08T09:00')).nextOpening).toEqual(ba('2026-12-09T08:00'))
    expect(storeTimeAt({ ...bakery, openOnHolidays: true }, ba('2026-12-08T09:00')).openNow).toBe(
      true,
    )
  })

  it('the switch is the master: a paused, archived or unplaced store is never open', () => {
    const at = ba('2026-12-01T09:00')
    expect(storeTimeAt({ ...bakery, isOpen: false }, at)).toEqual({
      openNow: false,
      closesAt: null,
      nextOpening: null,
      closure: null,
    })
    expect(storeTimeAt({ ...bakery, status: 'archived' }, at).openNow).toBe(false)
    expect(storeTimeAt({ ...bakery, locationPending: true }, at).openNow).toBe(false)
  })

  it('a store without hours is open whenever its switch is on, holidays aside', () => {
    const always: StoreSchedule = { ...bakery, openingHours: {} }
    const now = storeTimeAt(always, ba('2026-12-01T03:00'))
    expect(now.openNow).toBe(true)
    // It closes at the holiday a week later.
    expect(now.closesAt).toEqual(ba('2026-12-08T00:00'))
    expect(
      storeTimeAt({ ...always, openOnHolidays: true }, ba('2026-12-01T03:00')).closesAt,
    ).toBeNull()
  })

  it('answers the same whatever the server time zone is', () => {
    const at = ba('2026-12-01T20:15')
    const answers = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].map((tz) => {
      process.env.TZ = tz
      return storeTimeAt(bakery, at)
    })
    expect(answers[0]!.openNow).toBe(true)
    expect(answers[0]!.closesAt).toEqual(ba('2026-12-01T20:30'))
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
  })

  it('says when its answer changes: the closing when open, the opening when closed', () => {
    expect(storeTimeChangesAt(storeTimeAt(bakery, ba('2026-12-01T09:00')))).toBe(
      ba('2026-12-01T13:00').getTime(),
    )
    expect(storeTimeChangesAt(storeTimeAt(bakery, ba('2026-12-01T14:00')))).toBe(
      ba('2026-12-01T17:00').getTime(),
    )
    expect(storeTimeChangesAt(storeTimeAt({ ...bakery, isOpen: false }))).toBeNull()
  })
})

// Lists ask the same cached store row many times a second: its last answer is kept until the store
// opens or closes or the day ends. Asked in any order, the same object must answer as a fresh copy.
describe('storeTimeAt, asked again for the same store', () => {
  it('answers as a fresh copy of the store would, forwards, backwards and across days', () => {
    const withClosure: StoreSchedule = {
      ...bakery,
      closures: [{ from: '2026-12-03', to: '2026-12-03', reason: 'Inventario' }],
    }
    const minute = 60_000
    const start = ba('2026-12-01T00:00').getTime()
    // Every 7 minutes over four days (across openings, closings, midnights, a closure), then back.
    const instants: number[] = []
    for (let t = start; t < start + 4 * 24 * 60 * minute; t += 7 * minute) instants.push(t)
    for (const t of [...instants, ...instants.slice().reverse()]) {
      const now = new Date(t)
      expect(storeTimeAt(withClosure, now), now.toISOString()).toEqual(
        storeTimeAt({ ...withClosure }, now),
      )
    }
  })
})
