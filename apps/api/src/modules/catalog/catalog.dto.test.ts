import { logisticsSettingsSchema, type LogisticsSettings } from '@barrio/contracts/admin-settings'
import { describe, expect, it } from 'vitest'
import { servedStoreFields, servedStoreText } from './catalog.dto.ts'
import type { StoreRow } from './catalog.repository.ts'

/** An instant given as Buenos Aires wall time (2026-12-01 is a Tuesday). */
const ba = (local: string) => new Date(`${local}:00-03:00`)

const logistics = (fee: LogisticsSettings['delivery']['fee']) =>
  logisticsSettingsSchema.parse({
    pickup: { enabled: true, preparationMinutes: 20 },
    delivery: { enabled: true, radiusKm: 4, fee, freeFrom: 4_000_000, minOrder: 500_000 },
    shipping: {
      enabled: true,
      provinces: [
        { code: 'C', fee: 400_000 },
        { code: 'B', fee: 650_000 },
      ],
    },
  })

function row(overrides: Partial<StoreRow>): StoreRow {
  return {
    id: 'store',
    deliveryTypes: ['pickup', 'delivery', 'shipping'],
    deliveryRadiusKm: 4,
    isOpen: true,
    openingHours: { '2': [['08:00', '13:00']] },
    closures: [{ from: '2026-12-24', to: '2026-12-26', reason: 'Vacaciones' }],
    openOnHolidays: false,
    logistics: logistics({ type: 'flat', amount: 80_000 }),
    ...overrides,
  } as StoreRow
}

/** A store whose delivery fee goes by distance bands: [up to km, amount]. */
const withBands = (bands: Array<[number, number]>) =>
  row({
    logistics: logistics({
      type: 'bands',
      bands: bands.map(([upToKm, amount]) => ({ upToKm, amount })),
    }),
  })

// The nearby stores list writes servedStoreFields as text, kept per store time and per row
// (decision 066): once parsed it must say exactly what the object says, at every distance.
describe('servedStoreText', () => {
  const rows = {
    flat: row({}),
    bands: withBands([
      [1, 50_000],
      [3, 90_000],
    ]),
    // Bands as a seller may save them, out of order: the first that holds the distance applies.
    unsortedBands: withBands([
      [3, 90_000],
      [1, 50_000],
      [2.5, 70_000],
    ]),
    neverSaved: row({ logistics: null }),
    withoutLogistics: row({ logistics: undefined }),
    pickupOnly: row({ deliveryTypes: ['pickup'] }),
    paused: row({ isOpen: false }),
    closedForHolidays: row({
      closures: [{ from: '2026-12-01', to: '2026-12-02', reason: 'Feria' }],
    }),
  }
  const times = [ba('2026-12-01T09:30'), ba('2026-12-01T15:00'), ba('2026-12-05T10:00')]
  const distances = [0, 0.734, 1, 1.004, 2.5, 2.996, 3.999, 4, 4.2, 12]

  for (const [name, store] of Object.entries(rows))
    it(`equals the fields once parsed: ${name}`, () => {
      for (const now of times)
        for (const km of distances) {
          const fields = JSON.parse(JSON.stringify(servedStoreFields(store, now, km)))
          // Twice: the second one comes from the kept texts.
          expect(JSON.parse(servedStoreText(store, now, km))).toEqual(fields)
          expect(JSON.parse(servedStoreText(store, now, km))).toEqual(fields)
        }
    })

  it('a band fee follows the distance; outside the radius there is no delivery', () => {
    const near = JSON.parse(servedStoreText(rows.bands, times[0]!, 0.5))
    const mid = JSON.parse(servedStoreText(rows.bands, times[0]!, 2))
    const far = JSON.parse(servedStoreText(rows.bands, times[0]!, 6))
    expect([near.terms.delivery.fee, mid.terms.delivery.fee]).toEqual([50_000, 90_000])
    expect(far.terms.delivery).toBeNull()
    expect(far.deliveryTypes).toEqual(['pickup', 'shipping'])
    // 20 minutes to prepare, 2 to ride half a kilometre, 5 to hand over: from 30, in steps of 5.
    expect(near.etaMinutes).toEqual({ min: 30, max: 40, deliveryType: 'delivery' })
  })
})
