import { describe, expect, it } from 'vitest'

import { findUnstorableText } from './validation.ts'

describe('findUnstorableText', () => {
  it('finds nothing in ordinary text, emoji (valid surrogate pairs), numbers and buffers', () => {
    expect(
      findUnstorableText({ q: 'Ñoquis 🍝', page: 1, tags: ['a', 'b'], file: Buffer.from([0]) }),
    ).toBeNull()
  })

  it('names the place of a NUL or a lone surrogate: a value, an array item, a key', () => {
    expect(findUnstorableText('a\u0000')).toBe('')
    expect(findUnstorableText({ title: 'ok', description: 'd\ud800' })).toBe('description')
    expect(findUnstorableText({ tags: { $in: ['vip', '\u0000'] } })).toBe('tags.$in.1')
    expect(findUnstorableText({ 'a\u0000b': 1 })).toBe('a\u0000b')
    expect(findUnstorableText({ items: [{ note: '\udc00' }] }, 'body')).toBe('body.items.0.note')
    expect(findUnstorableText('\u0000', 'query')).toBe('query')
  })

  it('stops looking past 64 levels of nesting', () => {
    let deep: unknown = '\u0000'
    for (let i = 0; i < 70; i++) deep = { d: deep }
    expect(findUnstorableText(deep)).toBeNull()
  })
})
