import { describe, expect, test } from 'vitest'
import { previousRange } from './analytics.service.ts'

describe('the period a range is compared with (issue 30: "Mes pasado")', () => {
  test.each([
    // A whole month: the whole month before, whatever their lengths.
    ['2026-10-01', '2026-10-31', '2026-09-01', '2026-09-30'],
    ['2026-11-01', '2026-11-30', '2026-10-01', '2026-10-31'],
    ['2026-03-01', '2026-03-31', '2026-02-01', '2026-02-28'],
    ['2028-03-01', '2028-03-31', '2028-02-01', '2028-02-29'],
    ['2026-02-01', '2026-02-28', '2026-01-01', '2026-01-31'],
    ['2026-01-01', '2026-01-31', '2025-12-01', '2025-12-31'],
    // Whole months: as many whole months before.
    ['2026-01-01', '2026-03-31', '2025-10-01', '2025-12-31'],
  ])('the month(s) %s – %s compare with %s – %s', (from, to, prevFrom, prevTo) => {
    expect(previousRange({ from, to })).toEqual({ from: prevFrom, to: prevTo })
  })

  test.each([
    ['2026-03-01', '2026-03-07', '2026-02-22', '2026-02-28'],
    // A month so far is not a whole month.
    ['2026-10-01', '2026-10-30', '2026-09-01', '2026-09-30'],
    ['2026-03-01', '2026-03-30', '2026-01-30', '2026-02-28'],
    ['2026-10-02', '2026-10-31', '2026-09-02', '2026-10-01'],
    ['2026-03-14', '2026-03-14', '2026-03-13', '2026-03-13'],
    ['2026-02-13', '2026-03-14', '2026-01-14', '2026-02-12'],
  ])('any other range %s – %s compares with as many days just before', (from, to, pf, pt) => {
    expect(previousRange({ from, to })).toEqual({ from: pf, to: pt })
  })
})
