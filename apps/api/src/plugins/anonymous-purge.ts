import fp from 'fastify-plugin'
import { runPeriodically } from '../lib/periodic.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Deletes what anonymous visitors left behind: carts without items and devices of no account
     * and no push token, untouched for the retention period. Runs periodically with the worker;
     * tests call it directly.
     */
    purgeStaleAnonymous(now?: Date): Promise<{ carts: number; devices: number }>
  }
}

const EVERY_MS = 6 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

export const anonymousPurgePlugin = fp<{ retentionDays: number; run: boolean }>(
  async function anonymousPurge(app, { retentionDays, run }) {
    app.decorate('purgeStaleAnonymous', async (now: Date = new Date()) => {
      const before = new Date(now.getTime() - retentionDays * DAY_MS)
      const carts = await app.cartService.purgeStaleAnonymous(before)
      const devices = await app.authService.purgeUnusedDevices(before)
      if (carts || devices) app.log.info({ carts, devices }, 'stale anonymous rows purged')
      return { carts, devices }
    })
    if (run) runPeriodically(app, 'anonymous purge', EVERY_MS, () => app.purgeStaleAnonymous())
  },
  { name: 'anonymous-purge', dependencies: ['auth', 'cart'] },
)
