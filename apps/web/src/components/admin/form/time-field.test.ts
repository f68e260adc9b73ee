import { describe, expect, test } from 'vitest'

import { normaliseTime } from '@/components/admin/form/time-field'

describe('24 h time field', () => {
  test.each([
    ['9', '09:00'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['9:5', '09:05'],
    ['21:00', '21:00'],
    ['2359', '23:59'],
  ])('"%s" reads as %s', (typed, time) => {
    expect(normaliseTime(typed)).toBe(time)
  })

  test.each(['25:00', '12:75', '9pm', ''])('"%s" is left for validation to flag', (typed) => {
    expect(normaliseTime(typed)).toBe(typed)
  })
})
