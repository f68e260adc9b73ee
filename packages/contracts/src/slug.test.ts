import { describe, expect, test } from 'vitest'
import { handleSchema } from './admin-stores.ts'
import { slugify } from './slug.ts'

describe('slugify: one URL handle rule for web and API', () => {
  test.each([
    ['Almacén Don José', 'almacen-don-jose'],
    ['Café de Especialidad 250 g', 'cafe-de-especialidad-250-g'],
    ['Ñandú & Cía.', 'nandu-cia'],
    ['  --Pan   dulce--  ', 'pan-dulce'],
    ['¡¿?!', ''],
  ])('%j becomes %j', (text, expected) => {
    expect(slugify(text)).toBe(expected)
  })

  test('a long name is cut to 60 characters without a trailing hyphen, and the schema accepts it', () => {
    const handle = slugify(`${'a'.repeat(59)} b`)
    expect(handle).toBe('a'.repeat(59))
    expect(handleSchema.parse(slugify(`Tienda ${'muy '.repeat(20)}grande`))).toHaveLength(60)
  })
})
