import type { Product } from './products.ts'

type Media = Product['media'][number]

// How a product's photos are shown, shared by the web app and the server that preloads a product
// page's main photo with its HTML (api: modules/catalog/first-page.ts, decision 031).

/** The product's main photo: the first by position (the card, the cart line, the page's preload). */
export function productMainPhoto(media: readonly Media[]): Media | undefined {
  return [...media].sort((a, b) => a.position - b.position)[0]
}

/** The width of the square thumbnail rendition the media pipeline makes (processImage). */
export const THUMB_WIDTH = 400

/**
 * `srcset` for a product image: the 400 px square rendition and the full image at its own width,
 * so a phone's two-column grid downloads the small one (undefined when there is only one file).
 */
export function productSrcSet(media: Media): string | undefined {
  if (!media.thumbUrl || !media.width || media.width <= THUMB_WIDTH) return undefined
  return `${media.thumbUrl} ${THUMB_WIDTH}w, ${media.url} ${media.width}w`
}

/** The product grid: two columns on phones, three from 48em, inside a 1140 px container. */
export const PRODUCT_GRID_SIZES = '(min-width: 71.25em) 360px, (min-width: 48em) 31vw, 46vw'

/** The product page's main photo: full width on phones, half the container from 48em. */
export const PRODUCT_GALLERY_SIZES = '(min-width: 71.25em) 554px, (min-width: 48em) 48vw, 92vw'
