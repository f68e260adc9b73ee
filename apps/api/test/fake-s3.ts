import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type StoredObject = {
  body: Buffer
  contentType: string | undefined
  cacheControl: string | undefined
  authorization: string
}

/**
 * A loopback stand-in for an S3-compatible bucket (path style): PUT, GET and DELETE
 * /<bucket>/<key>.
 * It insists on SigV4-signed requests, as S3 does, and keeps what it receives.
 */
export async function startFakeS3(bucket: string) {
  const objects = new Map<string, StoredObject>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const auth = req.headers.authorization ?? ''
      const url = new URL(req.url ?? '/', 'http://localhost')
      const [, b, ...rest] = url.pathname.split('/')
      const key = decodeURIComponent(rest.join('/'))
      if (!auth.startsWith('AWS4-HMAC-SHA256 ') || b !== bucket) {
        res.statusCode = 403
        return res.end('<Error><Code>AccessDenied</Code></Error>')
      }
      if (req.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
          authorization: auth,
        })
        res.setHeader('ETag', '"fake"')
        return res.end()
      }
      if (req.method === 'GET') {
        const object = objects.get(key)
        if (!object) {
          res.statusCode = 404
          res.setHeader('content-type', 'application/xml')
          return res.end(
            '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
          )
        }
        if (object.contentType) res.setHeader('content-type', object.contentType)
        return res.end(object.body)
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        res.statusCode = 204
        return res.end()
      }
      res.statusCode = 405
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
