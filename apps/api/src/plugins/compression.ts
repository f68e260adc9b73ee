import compress from '@fastify/compress'
import fp from 'fastify-plugin'
import { constants } from 'node:zlib'

/**
 * Compresses API answers (JSON, HTML) above 1 KB with Brotli or gzip, as the client accepts.
 * Brotli runs at quality 4: per-request CPU matters more than the last bytes (the built web app's
 * files are compressed at build time at full quality and served as they are). Order streams
 * (SSE) write to the raw socket and are never buffered here.
 */
export const compressionPlugin = fp(
  async function compression(app) {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // No client sends compressed bodies: no decompression hook on every request.
      globalDecompression: false,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    })
  },
  { name: 'compression' },
)
