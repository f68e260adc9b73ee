import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { StoreTimeLine } from '@/features/catalog/components/store-time-line'
import { buildStore } from '@/testing/discovery-fixtures'
import { renderWithProviders } from '@/testing/render'

const ba = (local: string) => new Date(`${local}:00-03:00`)
const now = ba('2026-11-30T18:00')

describe('a shop’s time line (issue 26)', () => {
  test('open: when it closes and how long delivery takes, as the API computed it', () => {
    const store = buildStore({
      openNow: true,
      closesAt: ba('2026-11-30T20:00').toISOString(),
      etaMinutes: { min: 25, max: 35, deliveryType: 'delivery' },
    })
    renderWithProviders(<StoreTimeLine store={store} now={now} />)
    expect(screen.getByTestId('store-time')).toHaveTextContent(
      'Abierto · cierra 20:00 · llega en 25–35 min',
    )
  })

  test('open for pickup only: how long until it is ready', () => {
    const store = buildStore({
      openNow: true,
      closesAt: ba('2026-11-30T20:00').toISOString(),
      etaMinutes: { min: 15, max: 25, deliveryType: 'pickup' },
    })
    renderWithProviders(<StoreTimeLine store={store} now={now} />)
    expect(screen.getByTestId('store-time')).toHaveTextContent('listo en 15–25 min')
  })

  test('closed by its hours: when it opens, and no ETA', () => {
    const store = buildStore({
      openNow: false,
      nextOpening: ba('2026-12-01T09:00').toISOString(),
      etaMinutes: null,
    })
    renderWithProviders(<StoreTimeLine store={store} now={now} />)
    expect(screen.getByTestId('store-time')).toHaveTextContent(/^Cerrado · abre mañana 9:00$/)
  })
})
