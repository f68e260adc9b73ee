import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { registration } from '../test/factories.ts'
import { eventually } from '../test/multi-process/cluster.ts'
import { operatorFileFor, type OperatorAccess } from './modules/operator/operator-access.ts'

// `npm run barrio -- outbox` and `--help` on the default setup (issue 30, decision 039): the real
// server (src/server.ts through tsx, on its own embedded database in a temp DATA_DIR) holds the
// database, and the operator commands are run beside it as an operator would run them.
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
let server: ChildProcess
let dataDir: string
let baseEnv: NodeJS.ProcessEnv
let access: OperatorAccess

function cli(...args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      { cwd: apiRoot, env: baseEnv, timeout: 90_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    )
  })
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-cli-'))
  baseEnv = { ...process.env, DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn' }
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']) delete baseEnv[name]
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...baseEnv, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_PRETTY: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stdout: string[] = []
  const stderr: string[] = []
  server.stdout!.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk))
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk))
  await eventually(
    'the server to say it listens',
    async () => {
      if (server.exitCode !== null) throw new Error(`server exited:\n${stderr.join('')}`)
      return stdout.join('').includes('Barrio listo')
    },
    { guardMs: 180_000, everyMs: 100 },
  )
  access = JSON.parse(
    readFileSync(operatorFileFor(path.join(dataDir, 'pglite')), 'utf8'),
  ) as OperatorAccess
})

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('operator commands while the server holds the embedded database', () => {
  test('--help answers without the database', async () => {
    const { code, stdout } = await cli('--help')
    expect(code).toBe(0)
    expect(stdout).toContain('outbox retry [id]')
  })

  test('outbox lists the e-mails the running server queued, through the server', async () => {
    const data = registration()
    const reg = await fetch(`${access.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(data),
    })
    expect(reg.status).toBe(201)

    const { code, stdout, stderr } = await cli('outbox')
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toContain(data.email)
  })

  test('the access file is its owner’s only, and the route refuses another token', async () => {
    const file = operatorFileFor(path.join(dataDir, 'pglite'))
    expect(statSync(file).mode & 0o077).toBe(0)
    const wrong = await fetch(`${access.url}/api/v1/operator/outbox`, {
      headers: { 'x-operator-token': 'not-the-token' },
    })
    expect(wrong.status).toBe(403)
    expect(await wrong.json()).toMatchObject({ code: 'FORBIDDEN' })
    const none = await fetch(`${access.url}/api/v1/operator/outbox`)
    expect(none.status).toBe(403)
    // No part of the product's API (the operator console's own routes are: issue 24).
    const openApi = (await (await fetch(`${access.url}/api/docs/json`)).json()) as {
      paths: Record<string, unknown>
    }
    expect(Object.keys(openApi.paths).length).toBeGreaterThan(10)
    expect(Object.keys(openApi.paths).filter((p) => p.includes('/operator/outbox'))).toEqual([])
    expect(Object.keys(openApi.paths)).toContain('/api/v1/operator/merchant-applications/')
  })

  test('commands that write still need the database to themselves, and say so', async () => {
    const { code, stderr } = await cli('outbox', 'retry')
    expect(code).toBe(1)
    expect(stderr).toContain('está en uso por el servidor')
  })
})

describe('account commands once the server has stopped', () => {
  test('make-operator: its usage, and an unknown account refused in Spanish', async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    const usage = await cli('make-operator')
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('Uso: npm run barrio -- make-operator <email>')
    const unknown = await cli('make-operator', 'nadie@example.com')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No existe un usuario con el correo nadie@example.com.')
  })
})
