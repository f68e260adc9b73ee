import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Children being stopped on purpose (their exit is not reported). */
const stopping = new Set<ChildProcess>()

/**
 * Starts `node <script> [...argv]` (tsx for a .ts script) from the repository's root and resolves
 * once `readyUrl` answers 2xx (3 minutes at most: a loaded machine starts the API slowly). The
 * script's path travels in the environment, so that another job's `pkill -f dist/server.js`
 * spares it. An empty value in `env` removes the variable (DATABASE_URL: '' runs the embedded
 * default).
 */
export function startChild(
  script: string,
  argv: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    BENCH_CHILD_SCRIPT: pathToFileURL(script).href,
  }
  for (const [key, value] of Object.entries(env)) if (value === '') delete merged[key]
  const args = [
    ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []),
    '--input-type=module',
    '-e',
    'await import(process.env.BENCH_CHILD_SCRIPT)',
    '--',
    'bench-child', // process.argv[1], so that the script's own arguments start at argv[2]
    ...argv,
  ]
  const child = spawn(process.execPath, args, { cwd: root, env: merged, stdio: 'ignore' })
  // A child that dies mid-run turns every later row into errors: say so, and how it ended.
  child.once('exit', (code, signal) => {
    if (!stopping.has(child))
      console.log(`\n!! ${path.basename(script)} exited (code ${code}, signal ${signal})`)
  })
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 180_000
    const poll = async () => {
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child)
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error(`not ready: ${readyUrl}`))
      setTimeout(poll, 250)
    }
    void poll()
  })
}

/** SIGTERM, then waits for the exit (at most `graceMs`: the API drains its connections). */
export async function stopChild(child: ChildProcess, graceMs = 10_000) {
  if (child.exitCode !== null) return
  stopping.add(child)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))])
}

/**
 * A process's name and CPU time so far (user + system, ms) from /proc/<pid>/stat (Linux; USER_HZ
 * is 100 there); null when it cannot be read (another OS, or the process ended).
 */
export function processCpu(pid: number | string): { name: string; cpuMs: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const close = stat.lastIndexOf(')')
    const fields = stat.slice(close + 2).split(' ')
    return {
      name: stat.slice(stat.indexOf('(') + 1, close),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * (1000 / 100),
    }
  } catch {
    return null
  }
}
