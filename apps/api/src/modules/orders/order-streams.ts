/**
 * The open live order pages (SSE) of this process, bounded: at most `perOwnerMax` per customer
 * (account, or device when anonymous) — opening one more closes that customer's oldest, so a
 * reloaded page never locks its owner out — and at most `totalMax` in the process, past which new
 * ones are refused (503). Streams of a session that signs out are closed (see session-events).
 */
export type OpenStream = {
  owner: string
  sessionId: string | null
  /** Ends the HTTP response; the request's close handler then removes it. */
  close: () => void
}

export function createOrderStreams(opts: {
  perOwnerMax: number
  totalMax: number
  heartbeatMs: number
}) {
  // Insertion order is opening order: the first of an owner is their oldest.
  const open = new Set<OpenStream>()
  return {
    heartbeatMs: opts.heartbeatMs,
    get size() {
      return open.size
    },
    isFull: () => open.size >= opts.totalMax,
    add(stream: OpenStream) {
      const mine = [...open].filter((s) => s.owner === stream.owner)
      for (const old of mine.slice(0, Math.max(0, mine.length - opts.perOwnerMax + 1))) {
        open.delete(old)
        old.close()
      }
      open.add(stream)
    },
    remove(stream: OpenStream) {
      open.delete(stream)
    },
    /** Closes the streams opened with that session (the customer signed out there). */
    closeSession(sessionId: string) {
      for (const s of [...open]) {
        if (s.sessionId !== sessionId) continue
        open.delete(s)
        s.close()
      }
    },
    closeAll() {
      for (const s of [...open]) s.close()
      open.clear()
    },
  }
}
export type OrderStreams = ReturnType<typeof createOrderStreams>
