import { describe, expect, test } from 'vitest'
import { buildPage, pageOf, paginationQuery } from './pagination.ts'
import { z } from 'zod'

describe('paginated envelope', () => {
  test('a middle page links to both neighbours', () => {
    const page = buildPage(['a', 'b'], 7, { page: 2, limit: 2 })
    expect(page).toEqual({
      docs: ['a', 'b'],
      totalDocs: 7,
      limit: 2,
      page: 2,
      totalPages: 4,
      hasNextPage: true,
      hasPrevPage: true,
      nextPage: 3,
      prevPage: 1,
    })
    expect(pageOf(z.string()).parse(page)).toEqual(page)
  })

  test('the last page has no next page and an empty list has no pages', () => {
    expect(buildPage([1], 7, { page: 4, limit: 2 })).toMatchObject({
      hasNextPage: false,
      nextPage: null,
    })
    expect(buildPage([], 0, { page: 1, limit: 10 })).toMatchObject({
      totalPages: 0,
      hasPrevPage: false,
    })
  })

  test('query strings are coerced with the resource default and bounded', () => {
    expect(paginationQuery(9).parse({})).toEqual({ page: 1, limit: 9 })
    expect(paginationQuery(9).parse({ page: '3', limit: '20' })).toEqual({ page: 3, limit: 20 })
    expect(paginationQuery(9).safeParse({ limit: '1000' }).success).toBe(false)
    expect(paginationQuery(9).safeParse({ page: '0' }).success).toBe(false)
  })
})
