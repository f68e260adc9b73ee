import fp from 'fastify-plugin'

/**
 * What `app.close()` adds to Fastify's own closing for N processes behind a balancer (SIGTERM in
 * server.ts). Fastify stops listening and Node closes the connections idle at that instant, but a
 * keep-alive connection busy at that instant would stay open after its response, up to the
 * keep-alive timeout, holding the close back. So, once closing: every response says
 * `Connection: close`, and idle connections are closed again as they become idle. The balancer
 * sends the next request on a new connection, to another process.
 */
export const gracefulShutdownPlugin = fp(
  async function gracefulShutdown(app) {
    let closing = false
    let reaper: NodeJS.Timeout | null = null
    app.addHook('onSend', function closeAfterThis(_request, reply, payload, done) {
      if (closing) void reply.header('connection', 'close')
      done(null, payload)
    })
    app.addHook('preClose', async () => {
      closing = true
      reaper = setInterval(() => app.server.closeIdleConnections(), 100)
      reaper.unref()
    })
    app.addHook('onClose', async () => {
      if (reaper) clearInterval(reaper)
    })
  },
  { name: 'graceful-shutdown' },
)
