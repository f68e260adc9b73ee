import { spawn, type ChildProcess } from 'node:child_process'
import os from 'node:os'

/** One spin-and-sleep period: short enough that the load is even at a long task's scale. */
const PERIOD_MS = 20

/**
 * Keeps `cores` cores' worth of the machine busy (e.g. 1.6: two processes each spinning 80 % of
 * every 20 ms) until `stop()`, so that a measurement sees the contention of a busy machine (load
 * average ≈ 1.3-1.9 on two cores, issue 29) instead of an idle one. The processes are plain
 * `node -e` loops at normal priority, as another job on the machine would be.
 */
export function busyMachine(cores: number) {
  const processes = Math.max(1, Math.ceil(cores))
  const duty = Math.min(1, cores / processes)
  const spinMs = Math.round(PERIOD_MS * duty)
  const script = `
    const spin = ${spinMs}, rest = ${PERIOD_MS - spinMs}
    const tick = () => { const end = Date.now() + spin; while (Date.now() < end); setTimeout(tick, rest) }
    tick()`
  const children: ChildProcess[] = []
  for (let i = 0; i < processes; i++)
    children.push(spawn(process.execPath, ['-e', script], { stdio: 'ignore' }))
  return {
    describe: () =>
      `${processes} process${processes > 1 ? 'es' : ''} spinning ${Math.round(duty * 100)} % of the time, load average ${os.loadavg()[0]!.toFixed(1)}`,
    stop: () => {
      for (const child of children) child.kill('SIGKILL')
    },
  }
}
