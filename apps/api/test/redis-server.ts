import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Redis } from 'ioredis'
import { eventually } from './multi-process/cluster.ts'

const REDIS_SERVER = '/usr/bin/redis-server'

/**
 * A throwaway Debian redis-server on 127.0.0.1:`port` (nothing kept on disk; `.ci/run` installs
 * the package), resolved once it answers PING. For tests that kill Redis or must not share the
 * machine's.
 */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  if (!existsSync(REDIS_SERVER))
    throw new Error(`${REDIS_SERVER} is missing: apt-get install -y redis-server (.ci/run does)`)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'barrio-redis-'))
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { cwd: dir, stdio: 'ignore' },
  )
  const probe = new Redis({
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  probe.on('error', () => {})
  await eventually('redis-server to answer', async () => {
    try {
      if (probe.status !== 'ready') await probe.connect()
      return (await probe.ping()) === 'PONG'
    } catch {
      probe.disconnect()
      return false
    }
  })
  probe.disconnect()
  return child
}

/** SIGKILL (an outage, not a shutdown) and wait for the exit. */
export async function killRedisServer(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}
