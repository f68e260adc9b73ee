import { connect } from 'node:net'

export type Reachability = {
  /**
   * Whether the host answered a TCP connection, as of the last check: checks at most once per
   * `ttlMs`. The first call waits for its check (at most `timeoutMs`); later ones answer the last
   * result at once and refresh it in the background when it is older than `ttlMs`.
   */
  status(): Promise<'up' | 'down'>
}

/** A TCP connect to host:port, closed at once: true when it opened within `timeoutMs`. */
export function canConnect(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    const done = (up: boolean) => {
      socket.destroy()
      resolve(up)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/**
 * The SMTP server of SMTP_URL seen from here (health and metrics, decision 060): a TCP connection
 * to its host and port, without a word of SMTP, so a health check that a balancer polls every
 * second sends the mail server nothing but, at most, one connection per `ttlMs`.
 */
export function smtpReachability(
  smtpUrl: string,
  { ttlMs = 30_000, timeoutMs = 2_000 }: { ttlMs?: number; timeoutMs?: number } = {},
): Reachability {
  const url = new URL(smtpUrl)
  const port = Number(url.port || (url.protocol === 'smtps:' ? 465 : 587))
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let last: { at: number; up: boolean } | null = null
  let pending: Promise<boolean> | null = null
  const check = () =>
    (pending ??= canConnect(host, port, timeoutMs).then((up) => {
      last = { at: Date.now(), up }
      pending = null
      return up
    }))
  return {
    async status() {
      if (!last) return (await check()) ? 'up' : 'down'
      if (Date.now() - last.at >= ttlMs) void check()
      return last.up ? 'up' : 'down'
    },
  }
}
