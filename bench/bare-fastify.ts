// The baseline for the HTTP benchmarks: a bare Fastify route answering a small JSON object.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'barrio' }))
await app.listen({ port: Number(process.argv[2] ?? 3912), host: '127.0.0.1' })
