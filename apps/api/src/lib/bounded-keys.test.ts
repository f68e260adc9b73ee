import { describe, expect, it } from 'vitest'
import { dropOldestWhile, dueForTrim, trimOldest } from './bounded-keys.ts'

describe('bounded keys', () => {
  it('trims a Map to its bound, oldest first, once it is a sixteenth over', () => {
    const map = new Map<number, string>()
    for (let i = 0; i < 68; i++) {
      map.set(i, String(i))
      trimOldest(map, 64)
    }
    // 64 + 4 = 68 keys are still allowed: nothing dropped yet.
    expect(map.size).toBe(68)
    map.set(68, '68')
    trimOldest(map, 64)
    expect(map.size).toBe(64)
    expect([...map.keys()][0]).toBe(5)
    expect(map.has(68)).toBe(true)
  })

  it('a re-inserted key counts as new; a Set is trimmed the same way', () => {
    const set = new Set<string>(['a', 'b', 'c'])
    set.delete('a')
    set.add('a')
    set.add('d')
    trimOldest(set, 2)
    expect([...set]).toEqual(['a', 'd'])
  })

  it('tells whoever keeps the values through `drop`', () => {
    const map = new Map([
      ['x', 1],
      ['y', 2],
      ['z', 3],
    ])
    const dropped: string[] = []
    trimOldest(map, 1, (key) => {
      dropped.push(key)
      map.delete(key)
    })
    expect(dropped).toEqual(['x', 'y'])
  })

  it('drops while a condition of its own holds', () => {
    const map = new Map([
      ['a', 5],
      ['b', 5],
      ['c', 5],
    ])
    let total = 15
    dropOldestWhile(
      map.keys(),
      () => total > 6,
      (key) => {
        total -= map.get(key)!
        map.delete(key)
      },
    )
    expect([...map.keys()]).toEqual(['c'])
    expect(dueForTrim(17, 16)).toBe(false)
    expect(dueForTrim(18, 16)).toBe(true)
  })
})
