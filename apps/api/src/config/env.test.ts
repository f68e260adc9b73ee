import { describe, expect, it } from 'vitest'
import { parseEnv } from './env.ts'

describe('DATABASE_POOL_MAX', () => {
  it("is node-postgres' 10 connections when unset", () => {
    expect(parseEnv({}).DATABASE_POOL_MAX).toBe(10)
  })

  it('takes a larger pool', () => {
    expect(parseEnv({ DATABASE_POOL_MAX: '40' }).DATABASE_POOL_MAX).toBe(40)
  })

  it('refuses a pool of no connections and a non-number', () => {
    expect(() => parseEnv({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/)
    expect(() => parseEnv({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/)
  })
})
