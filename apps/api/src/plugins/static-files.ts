import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import {
  withFirstPage,
  type FirstPage,
  type FirstPageRequest,
} from '../modules/catalog/first-page.ts'
import { apiNotFound } from './error-handler.ts'

/** Where index.html takes a catalogue page's own data (apps/web/index.html, first-page.ts). */
export const FIRST_PAGE_MARKER = '<!--barrio:first-page-->'

/**
 * Serves uploaded media from DATA_DIR/uploads and the built web app, with history fallback:
 * any non-API GET that accepts HTML gets index.html, so /shops/abc opens the SPA.
 */
export const staticFilesPlugin = fp<{
  webDist: string | null
  uploadsDir: string
  /** A shop's or product's page data, answered with its HTML (modules/catalog/first-page.ts). */
  readFirstPage?: (request: FirstPageRequest) => Promise<FirstPage | null>
}>(
  async function staticFiles(app, { webDist, uploadsDir, readFirstPage }) {
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      // Transfer receipts are served only through their orders' routes (decision 037); receipts an
      // earlier version wrote here are not public any more.
      allowedPath: (pathname) => !pathname.toLowerCase().startsWith('/receipts/'),
      decorateReply: false,
      maxAge: '7d',
      immutable: true,
    })
    const hasWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'))
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: false,
        index: false,
        // dist/ holds .br and .gz copies made at build time (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        // Hashed assets never change; index.html must always be revalidated.
        setHeaders: (res, filePath) => {
          const isAsset = filePath.includes(`${path.sep}assets${path.sep}`)
          res.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    } else {
      app.log.warn({ webDist }, 'web build not found: only the API is served (run npm run build)')
    }
    // Read once: the built page does not change while the process runs.
    const builtIndex = hasWeb ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : null
    const indexHtml = builtIndex?.includes(FIRST_PAGE_MARKER) ? builtIndex : null
    /** The built SPA as it is: revalidated on every visit, as every page of the app. */
    const sendIndex = (reply: FastifyReply, root: string) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', root)
    // A shop's and a product's page: real routes (so @fastify/compress, which hooks into routes,
    // compresses them) that answer the page's data with its HTML when the shop or product exists.
    if (hasWeb && indexHtml && readFirstPage) {
      const root = webDist
      const catalogPage = async (
        request: FastifyRequest<{ Params: { shop: string; product?: string } }>,
        reply: FastifyReply,
      ) => {
        const pagePath = request.url.split('?')[0] ?? '/'
        const page = await readFirstPage({ path: pagePath, ...request.params })
        if (!page) return sendIndex(reply, root)
        // Revalidated like index.html: an unchanged shop or product answers 304 without a body.
        const html = withFirstPage(indexHtml, FIRST_PAGE_MARKER, page)
        const etag = `"${createHash('sha1').update(html).digest('base64url')}"`
        reply.header('cache-control', 'no-cache').header('etag', etag)
        if (request.headers['if-none-match'] === etag) return reply.code(304).send()
        return reply.type('text/html; charset=utf-8').send(html)
      }
      app.get('/shops/:shop', { schema: { hide: true } }, catalogPage)
      app.get('/shops/:shop/products/:product', { schema: { hide: true } }, catalogPage)
    }
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        !pathname.startsWith('/uploads/')
      if (hasWeb && wantsPage) return sendIndex(reply, webDist)
      return apiNotFound(request, reply)
    })
  },
  { name: 'static-files' },
)
