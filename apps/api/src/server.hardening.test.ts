import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { eventually } from '../test/multi-process/cluster.ts'

// SIGTERM with a closed stdout (issue 22): an API process whose log reader had gone (its
// supervisor died) stayed asleep for minutes after SIGTERM and needed kill -9, while the same
// process with a live stdout exited in 0.2 s. The real server (src/server.ts through tsx, its own
// embedded database in a temp DATA_DIR) is started here, as a supervisor would start it.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const GRACE_MS = 2000
/** Hang guard only: the process has SHUTDOWN_GRACE_MS (2 s) to finish whatever happens. */
const EXIT_GUARD_MS = 30_000

const started: Array<{ child: ChildProcess; dataDir: string }> = []
afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  }
})

async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-sigterm-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'info',
    LOG_PRETTY: 'false',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
  }
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete env[name]
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push({ child, dataDir })
  const stdout: string[] = []
  const stderr: string[] = []
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  await eventually(
    'the server to say it listens',
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited:\n${stderr.join('')}`)
      return stdout.join('').includes('Barrio listo')
    },
    { guardMs: 180_000, everyMs: 100 },
  )
  return { child, stdout, stderr, exited }
}

/** The exit, or 'still running' once the hang guard is over. */
async function exitWithin(exited: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined
  const hung = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms)
  })
  try {
    return await Promise.race([exited, hung])
  } finally {
    clearTimeout(timer)
  }
}

describe('SIGTERM', () => {
  test('a process whose stdout reader has gone still exits on SIGTERM', async () => {
    const server = await startServer()
    // The supervisor dies: the read end of the process's stdout closes (its writes get EPIPE).
    server.child.stdout!.destroy()
    server.child.kill('SIGTERM')
    expect(await exitWithin(server.exited, EXIT_GUARD_MS)).toEqual({ code: 0, signal: null })
  })

  test('with a live stdout it exits the same way, its last log lines written', async () => {
    const server = await startServer()
    server.child.kill('SIGTERM')
    expect(await exitWithin(server.exited, EXIT_GUARD_MS)).toEqual({ code: 0, signal: null })
    const lines = server.stdout
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg)
    expect(lines.slice(-2)).toEqual(['closing', 'closed'])
  })
})
