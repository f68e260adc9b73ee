import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'
import { apiNotFound } from './error-handler.ts'

/**
 * Serves uploaded media from DATA_DIR/uploads and the built web app, with history fallback:
 * any non-API GET that accepts HTML gets index.html, so /shops/abc opens the SPA.
 */
export const staticFilesPlugin = fp<{ webDist: string | null; uploadsDir: string }>(
  async function staticFiles(app, { webDist, uploadsDir }) {
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
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
    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/'
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        !pathname.startsWith('/uploads/')
      if (hasWeb && wantsPage) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html')
          .sendFile('index.html', webDist)
      }
      return apiNotFound(request, reply)
    })
  },
  { name: 'static-files' },
)
