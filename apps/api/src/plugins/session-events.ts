import fp from 'fastify-plugin'

export type SessionEnded = { sessionId: string | null; userId: string | null }
export type SessionEvents = {
  /** Auth calls this when a session ends (sign-out). */
  ended: (event: SessionEnded) => void
  /** Modules that keep something open per session (order streams) close it here. */
  onEnded: (listener: (event: SessionEnded) => void) => void
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionEvents: SessionEvents
  }
}

const CHANNEL = 'session.ended'

/**
 * A tiny "session ended" hook, so modules react to a sign-out without importing auth's internals
 * and auth knows nothing about them. It travels on the bus: a sign-out served by one process
 * closes the streams that session opened on any process.
 */
export const sessionEventsPlugin = fp(
  async function sessionEvents(app) {
    app.decorate('sessionEvents', {
      ended(event: SessionEnded) {
        app.bus.publish(CHANNEL, event)
      },
      onEnded(listener: (event: SessionEnded) => void) {
        app.bus.subscribe(CHANNEL, listener)
      },
    })
  },
  { name: 'session-events', dependencies: ['bus'] },
)
