import {
  PRODUCT_GALLERY_SIZES,
  productMainPhoto,
  productSrcSet,
} from '@barrio/contracts/product-images'
import { productSchema, type Product } from '@barrio/contracts/products'
import { storeSchema } from '@barrio/contracts/stores'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { CatalogService } from './catalog.service.ts'

/**
 * A shop's or a product's page answers its own data with the HTML (issue 10, LCP; decision 031):
 * the answer `GET /api/v1/stores/{shop}` (or `/products/{product}?shopId={shop}`) would give, as a
 * JSON data block that index.html's early script reads instead of asking, and a preload of the
 * page's largest image, so the phone starts that image with the HTML instead of one round trip
 * later. The routes are `plugins/static-files.ts`'s; `path` is the page's path as the browser has
 * it (the early script compares it with `location.pathname`).
 */
export type FirstPageRequest = { path: string; shop: string; product?: string }
export type FirstPage = { path: string; json: string; image: ImagePreload | null }
type ImagePreload = { href: string; srcset?: string; sizes?: string }

/** The product page's main photo, as its gallery asks for it (the same srcset and sizes). */
function mainPhoto(product: Product): ImagePreload | null {
  const media = productMainPhoto(product.media)
  if (!media) return null
  const srcset = productSrcSet(media)
  return srcset ? { href: media.url, srcset, sizes: PRODUCT_GALLERY_SIZES } : { href: media.url }
}

export function createFirstPageReader(catalog: CatalogService, log: FastifyBaseLogger) {
  return async function readFirstPage({
    path,
    shop,
    product,
  }: FirstPageRequest): Promise<FirstPage | null> {
    try {
      if (product !== undefined) {
        const answer = productSchema.parse(await catalog.getProduct(product, shop))
        return { path, json: JSON.stringify(answer), image: mainPhoto(answer) }
      }
      const store = storeSchema.parse(await catalog.getStore(shop))
      return {
        path,
        json: JSON.stringify(store),
        image: store.coverUrl ? { href: store.coverUrl } : null,
      }
    } catch (error) {
      // A missing shop or product is the page's own 404, shown by the app as usual.
      if (!(error instanceof AppError)) log.warn({ err: error, path }, 'first page data failed')
      return null
    }
  }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * index.html with the page's data and image preload in place of its marker comment. `<` is written
 * as \u003c inside the JSON so the data can never close its script element.
 */
export function withFirstPage(html: string, marker: string, page: FirstPage): string {
  const image = page.image
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(page.image.href)}"` +
      (page.image.srcset
        ? ` imagesrcset="${escapeAttribute(page.image.srcset)}" imagesizes="${escapeAttribute(page.image.sizes ?? '')}"`
        : '') +
      '>'
    : ''
  const data =
    `<script type="application/json" id="barrio-first-page" data-path="${escapeAttribute(page.path)}">` +
    `${page.json.replace(/</g, '\\u003c')}</script>`
  return html.replace(marker, `${image}${data}`)
}
