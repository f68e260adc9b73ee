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

/**
 * A tiny in-process "session ended" hook, so modules react to a sign-out without importing auth's
 * internals and auth knows nothing about them.
 */
export const sessionEventsPlugin = fp(
  async function sessionEvents(app) {
    const listeners: Array<(event: SessionEnded) => void> = []
    app.decorate('sessionEvents', {
      ended(event: SessionEnded) {
        for (const listener of listeners) {
          try {
            listener(event)
          } catch (err) {
            app.log.warn({ err }, 'session ended listener failed')
          }
        }
      },
      onEnded(listener: (event: SessionEnded) => void) {
        listeners.push(listener)
      },
    })
  },
  { name: 'session-events' },
)
