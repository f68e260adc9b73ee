import type { Product } from '@barrio/contracts/products'
import { productSchema } from '@barrio/contracts/products'
import { storeSchema } from '@barrio/contracts/stores'
import type { FastifyBaseLogger } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import type { CatalogService } from './catalog.service.ts'

/**
 * A shop's or a product's page answers its own data with the HTML (issue 10, LCP): the answer
 * `GET /api/v1/stores/{shop}` (or `/products/{product}?shopId={shop}`) would give, as a JSON data
 * block that index.html's early script reads instead of asking, and a preload of the page's
 * largest image, so the phone starts that image with the HTML instead of one round trip later.
 * Paths as the web app's (paths.ts) and index.html's early page script match them.
 */
const CATALOGUE_PAGE = /^\/shops\/([^/]+)(?:\/products\/([^/]+))?\/?$/

export type FirstPage = { path: string; json: string; image: ImagePreload | null }
type ImagePreload = { href: string; srcset?: string; sizes?: string }

/** As the product page's gallery asks for its main photo (web: responsive-image.ts). */
const GALLERY_SIZES = '(min-width: 71.25em) 554px, (min-width: 48em) 48vw, 92vw'

function mainPhoto(product: Product): ImagePreload | null {
  const media = [...product.media].sort((a, b) => a.position - b.position)[0]
  if (!media) return null
  if (media.thumbUrl && media.width && media.width > 400) {
    return {
      href: media.url,
      srcset: `${media.thumbUrl} 400w, ${media.url} ${media.width}w`,
      sizes: GALLERY_SIZES,
    }
  }
  return { href: media.url }
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

export function createFirstPageReader(catalog: CatalogService, log: FastifyBaseLogger) {
  return async function readFirstPage(pathname: string): Promise<FirstPage | null> {
    const match = CATALOGUE_PAGE.exec(pathname)
    const shop = match?.[1] ? decode(match[1]) : null
    if (!match || !shop) return null
    const productParam = match[2] ? decode(match[2]) : null
    if (match[2] && !productParam) return null
    try {
      if (productParam) {
        const product = productSchema.parse(await catalog.getProduct(productParam, shop))
        return { path: pathname, json: JSON.stringify(product), image: mainPhoto(product) }
      }
      const store = storeSchema.parse(await catalog.getStore(shop))
      return {
        path: pathname,
        json: JSON.stringify(store),
        image: store.coverUrl ? { href: store.coverUrl } : null,
      }
    } catch (error) {
      // A missing shop or product is the page's own 404, shown by the app as usual.
      if (!(error instanceof AppError)) log.warn({ err: error, pathname }, 'first page data failed')
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
