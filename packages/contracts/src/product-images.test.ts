import { describe, expect, test } from 'vitest'

import { productMainPhoto, productSrcSet } from './product-images.ts'

const media = { mediaId: 'm1', url: '/uploads/p/a-1600.webp', alt: '', position: 0 }

describe('productSrcSet', () => {
  test('offers the 400 px rendition and the full image at its width', () => {
    expect(
      productSrcSet({ ...media, thumbUrl: '/uploads/p/a-400.webp', width: 1600, height: 1200 }),
    ).toBe('/uploads/p/a-400.webp 400w, /uploads/p/a-1600.webp 1600w')
  })

  test('is left out without a rendition, or when the image is no wider than it', () => {
    expect(productSrcSet({ ...media, width: 800, height: 800 })).toBeUndefined()
    expect(productSrcSet({ ...media, thumbUrl: null, width: 800, height: 800 })).toBeUndefined()
    expect(
      productSrcSet({ ...media, thumbUrl: '/uploads/p/a-400.webp', width: 300, height: 300 }),
    ).toBeUndefined()
  })
})

test('the main photo is the first by position, whatever the order of the list', () => {
  const first = { ...media, width: 800, height: 800 }
  const second = { ...first, mediaId: 'm2', position: 1 }
  expect(productMainPhoto([second, first])).toBe(first)
  expect(productMainPhoto([])).toBeUndefined()
})
