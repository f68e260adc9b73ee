/**
 * ARCA's WSAA and WSFEv1 for the end-to-end run: the API tests' loopback fake
 * (apps/api/test/fake-arca.ts) on a fixed port, plus a control port the journeys use as ARCA's
 * web would be used: POST /certificate {csrPem} answers the certificate ARCA issues for a CSR,
 * POST /point-of-sale {cuit, pointOfSale} enables a punto de venta. GET /health answers readiness.
 * Its clock runs as the API's, pinned by SCHEDULE_CLOCK_START (argv[4]).
 * Usage: node --import tsx support/fake-arca.ts <port> <control-port> <clock-start>
 */
import http from 'node:http'
import { startFakeArca } from '../../apps/api/test/fake-arca.ts'

async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 3206)
  const controlPort = Number(process.argv[3] ?? 3207)
  const start = process.argv[4] ? new Date(process.argv[4]).getTime() : Date.now()
  const shift = start - Date.now()
  const arca = await startFakeArca({ port, now: () => new Date(Date.now() + shift) })
  const control = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      try {
        if (req.method === 'GET' && req.url === '/health') return void res.end('ok')
        const input = JSON.parse(body || '{}') as Record<string, unknown>
        if (req.method === 'POST' && req.url === '/certificate') {
          res.setHeader('content-type', 'text/plain')
          return void res.end(arca.issueCertificate(String(input.csrPem)))
        }
        if (req.method === 'POST' && req.url === '/point-of-sale') {
          arca.enablePointOfSale(String(input.cuit), Number(input.pointOfSale))
          return void res.end('ok')
        }
        res.statusCode = 404
        res.end()
      } catch (err) {
        res.statusCode = 400
        res.end(String(err))
      }
    })
  })
  await new Promise<void>((resolve) => control.listen(controlPort, '127.0.0.1', resolve))
  console.log(`fake ARCA at ${arca.baseUrl}, control at :${controlPort}`)
  const stop = () => {
    control.close()
    void arca.close().then(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

void main()
