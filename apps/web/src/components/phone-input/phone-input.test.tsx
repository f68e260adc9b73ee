import { describe, expect, test } from 'vitest'

import { phoneLabels } from '@/components/phone-input/phone-input'

describe('phone picker labels', () => {
  test('every country is named in Spanish, the ones the library leaves in English too', () => {
    const labels = phoneLabels()
    expect(labels.JO).toBe('Jordania')
    expect(labels.KE).toBe('Kenia')
    expect(labels.MY).toBe('Malasia')
    expect(labels.AR).toBe('Argentina')
    // The library's own words stay.
    expect(labels.phone).toBe('Teléfono')
  })
})
