import type { FastifyInstance } from 'fastify'

/**
 * Runs `task` every `everyMs` once the app is ready, never two runs at a time, and stops when the
 * app closes. The timer does not keep the process alive. A failed run is logged and the next one
 * goes ahead as planned.
 */
export function runPeriodically(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | null = null
  let running = false
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return
      running = true
      task()
        .catch((err: unknown) => app.log.error({ err, job: name }, `${name} failed`))
        .finally(() => {
          running = false
        })
    }, everyMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
  })
}
