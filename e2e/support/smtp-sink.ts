/**
 * A real SMTP server on loopback for the end-to-end run, plus a tiny HTTP API to read what it
 * received: GET /messages?to=<address> -> [{ to, subject, text }], GET /health.
 * Usage: node --import tsx support/smtp-sink.ts <smtpPort> <httpPort>
 */
import http from 'node:http'
import { SMTPServer } from 'smtp-server'

type Message = { to: string[]; raw: string; receivedAt: number }
const [smtpPort = '2525', httpPort = '2526'] = process.argv.slice(2)
const messages: Message[] = []

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8'), receivedAt: Date.now() })
      callback()
    })
  },
})
smtp.listen(Number(smtpPort), '127.0.0.1')

function decode(raw: string) {
  const [head = '', ...body] = raw.split(/\r?\n\r?\n/)
  // A long header is folded over several lines (RFC 5322 2.2.3): unfold it before reading.
  const subject = /^Subject: (.*)$/im.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? ''
  // Bodies may be quoted-printable: undo soft breaks and =XX escapes.
  const text = body
    .join('\n')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return { subject, text }
}

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === '/health') return res.end('ok')
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')
      const found = messages.filter((m) => !to || m.to.includes(to)).map((m) => ({ to: m.to, receivedAt: m.receivedAt, ...decode(m.raw) }))
      res.setHeader('content-type', 'application/json')
      return res.end(JSON.stringify(found))
    }
    res.statusCode = 404
    res.end()
  })
  .listen(Number(httpPort), '127.0.0.1')
