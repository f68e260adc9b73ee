// `npm run native:sync -w @barrio/web`: builds the web app for the native shell and copies it, the
// configuration and the plugins into android/ and ios/ (`cap sync`). The app inside the shell is
// served from https://localhost (Android) or capacitor://localhost (iOS), so it must know where
// the API is: VITE_API_URL, e.g. `VITE_API_URL=https://api.barrio.ar npm run native:sync -w @barrio/web`.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const apiUrl = (process.env.VITE_API_URL ?? '').trim()
if (!/^https?:\/\/[^/]+/.test(apiUrl)) {
  console.error(
    'native:sync necesita VITE_API_URL con la URL absoluta de la API, por ejemplo\n' +
      '  VITE_API_URL=https://api.barrio.ar npm run native:sync -w @barrio/web',
  )
  process.exit(1)
}
if (
  apiUrl.startsWith('http://') &&
  !/^http:\/\/(10\.0\.2\.2|127\.0\.0\.1|localhost)(:|\/|$)/.test(apiUrl)
)
  console.warn(`Aviso: ${apiUrl} no usa HTTPS; Android e iOS bloquean HTTP salvo en desarrollo.`)

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, VITE_API_URL: apiUrl },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run('npx', ['vite', 'build'])
// Extra arguments go to cap sync (e.g. `-- android` to sync one platform).
run('npx', ['cap', 'sync', ...process.argv.slice(2)])
