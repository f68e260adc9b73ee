// The bulk price arithmetic (decision 053) on hand-computed cases: integer centavos, percents as
// basis points, halves upwards, and each rounding.
import { describe, expect, test } from 'vitest'
import { changedPrice, newPrice, roundPrice } from './price-rule.ts'

const pct = (value: number) => ({ type: 'percent' as const, value })
const amount = (value: number) => ({ type: 'amount' as const, value })

describe('changedPrice', () => {
  test('percent up and down in basis points, half a centavo upwards', () => {
    expect(changedPrice(450000, pct(1200))).toBe(504000) // $ 4.500 + 12 % = $ 5.040
    expect(changedPrice(123456, pct(-1000))).toBe(111110) // 111110,4 → 111110
    expect(changedPrice(100, pct(50))).toBe(101) // 100,5 → 101 (half up)
    expect(changedPrice(99, pct(50))).toBe(99) // 99,495 → 99
    expect(changedPrice(1, pct(-9999))).toBe(0) // 0,0001 → 0 (refused by the service)
    // The largest price and percent stay exact (no float rounding in the product).
    expect(changedPrice(1_000_000_000, pct(100_000))).toBe(11_000_000_000)
    expect(changedPrice(999_999_999, pct(1))).toBe(1_000_099_999) // …99,9999 → up
  })

  test('amount adds centavos, negative allowed', () => {
    expect(changedPrice(123456, amount(25000))).toBe(148456)
    expect(changedPrice(450000, amount(-500000))).toBe(-50000)
  })
})

describe('roundPrice', () => {
  test('none keeps the centavos', () => {
    expect(roundPrice(111110, 'none')).toBe(111110)
  })
  test('10: the nearest $ 10, halves up', () => {
    expect(roundPrice(111110, '10')).toBe(111000) // $ 1.111,10 → $ 1.110
    expect(roundPrice(123456, '10')).toBe(123000) // $ 1.234,56 → $ 1.230
    expect(roundPrice(123500, '10')).toBe(124000) // $ 1.235 → $ 1.240 (half up)
    expect(roundPrice(499, '10')).toBe(0) // $ 4,99 → $ 0 (refused by the service)
  })
  test('100: the nearest $ 100, halves up', () => {
    expect(roundPrice(148456, '100')).toBe(150000) // $ 1.484,56 → $ 1.500
    expect(roundPrice(144999, '100')).toBe(140000)
    expect(roundPrice(145000, '100')).toBe(150000)
  })
  test('ends-99: the nearest whole-peso price ending in 99, halves up, $ 99 the least', () => {
    expect(roundPrice(504000, 'ends-99')).toBe(499900) // $ 5.040 → $ 4.999
    expect(roundPrice(123400, 'ends-99')).toBe(119900) // $ 1.234 → $ 1.199
    expect(roundPrice(125000, 'ends-99')).toBe(129900) // $ 1.250 → $ 1.299
    expect(roundPrice(124900, 'ends-99')).toBe(129900) // $ 1.249: $ 50 from both → up
    expect(roundPrice(129950, 'ends-99')).toBe(129900) // $ 1.299,50 → $ 1.299
    expect(roundPrice(3000, 'ends-99')).toBe(9900) // $ 30 → $ 99
  })
  test('a result at $ 0 or less is never rounded up into a price', () => {
    expect(roundPrice(0, 'ends-99')).toBe(0)
    expect(roundPrice(-50000, '100')).toBe(-50000)
  })
})

test('newPrice: the change, then the rounding', () => {
  expect(newPrice(450000, pct(1200), 'ends-99')).toBe(499900)
  expect(newPrice(123456, pct(-1000), '10')).toBe(111000)
  expect(newPrice(150000, amount(25000), '100')).toBe(180000) // $ 1.750 → $ 1.800
})
