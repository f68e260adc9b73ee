/**
 * The demo marketplace in a browser, for the benchmarks that measure pages (lighthouse.bench.ts,
 * cpu-profile.ts): the built API on a fresh embedded database, and the client states a page needs,
 * prepared through the UI as a person would (mirrors e2e/tests/support.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  // BENCH_FRONT=h2: the front's certificate is made at bench time, signed by no one.
  ...(process.env.BENCH_FRONT === 'h2' ? ['--ignore-certificate-errors'] : []),
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
/** Generous: the machine is shared and every step waits on a throttled-free but busy browser. */
const STEP_TIMEOUT_MS = 30_000

const DEMO = {
  customer: { login: 'cliente@demo.barrio.ar', password: 'demo1234' },
  seller: { login: 'vendedor@demo.barrio.ar', password: 'demo1234' },
  shopHandle: 'tostadero-soho',
}

// ---------------------------------------------------------------------------------------------
// The built API on a fresh embedded database

/** BENCH_PORT pins the API's port (a machine shared by several benches hands out ranges). */
function freePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Promise.resolve(Number(process.env.BENCH_PORT))
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * The API, and with `front` (BENCH_FRONT=h2) the deployed front before it: deploy/nginx.conf with
 * TLS and HTTP/2 on `front.port` (a certificate made now, for 127.0.0.1), as a real deployment
 * ends TLS there. `baseUrl` is then the front's https origin, which the browser uses; `apiUrl` is
 * always the API's own, for the bench's direct requests.
 */
export async function startApi(front?: {
  port: number
}): Promise<{ baseUrl: string; apiUrl: string; stop: () => void }> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-lighthouse-'))
  const apiUrl = `http://127.0.0.1:${port}`
  const baseUrl = front ? `https://127.0.0.1:${front.port}` : apiUrl
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'apps/api/dist/server.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        ...(front ? { TRUST_PROXY: 'loopback' } : {}),
        DATA_DIR: dataDir,
        SEED: 'demo',
        // Demo shops open by their hours (issue 26): every one is open on a Wednesday at 18:00.
        SCHEDULE_CLOCK_START: '2026-12-02T18:00:00-03:00',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const nginx = front ? startFront(front.port, port, path.join(dataDir, 'front')) : undefined
  const stop = () => {
    nginx?.kill('SIGTERM')
    child.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  // Seeding the demo takes 25-50 s on a quiet machine, minutes on a loaded one.
  const deadline = Date.now() + 300_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`)
    if (nginx && nginx.exitCode !== null)
      throw new Error(`nginx exited with code ${nginx.exitCode}`)
    try {
      if ((await fetch(`${apiUrl}/api/v1/health`)).ok && (!front || (await listening(front.port))))
        return { baseUrl, apiUrl, stop }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  stop()
  throw new Error('the API did not answer /api/v1/health within 300 s')
}

/** deploy/nginx.conf before the API, TLS and HTTP/2 on `port`, its files in `dir`. */
function startFront(port: number, apiPort: number, dir: string): ChildProcess {
  mkdirSync(dir, { recursive: true })
  const cert = path.join(dir, 'cert.pem')
  const key = path.join(dir, 'key.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  const template = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
  const conf = template
    .replace(
      '${LISTEN};',
      `127.0.0.1:${port} ssl http2;\n    ssl_certificate ${cert};\n    ssl_certificate_key ${key};`,
    )
    .replace('${UPSTREAM_SERVERS}', `    server 127.0.0.1:${apiPort};`)
    .replaceAll('${STATE_DIR}', dir)
  writeFileSync(path.join(dir, 'nginx.conf'), conf)
  return spawn(
    'nginx',
    [
      '-p',
      dir,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`)
  return (await res.json()) as T
}

/** The shop and one of its products, as the web app links them (paths.ts: /shops/:shop/products/:product). */
export async function catalogUrls(baseUrl: string) {
  const shop = await getJson<{ _id: string; handle: string }>(
    `${baseUrl}/api/v1/stores/${DEMO.shopHandle}`,
  )
  const products = await getJson<{ docs: Array<{ handle: string }> }>(
    `${baseUrl}/api/v1/products?shopId=${encodeURIComponent(shop._id)}&limit=1`,
  )
  const product = products.docs[0]
  if (!product) throw new Error(`the demo shop ${shop.handle} has no products`)
  return {
    shop: `/shops/${encodeURIComponent(shop.handle)}`,
    product: `/shops/${encodeURIComponent(shop.handle)}/products/${encodeURIComponent(product.handle)}`,
  }
}

// ---------------------------------------------------------------------------------------------
// Client state, prepared through the UI (mirrors e2e/tests/support.ts)

export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROME_PATH,
    // The flags carry --headless=new; puppeteer must not add its own.
    headless: false,
    args: CHROME_FLAGS,
    // DevTools over a pipe, not a debugging port of its own.
    pipe: true,
    // A desktop window while preparing (the header's address button is desktop-only); Lighthouse
    // then emulates its mobile device for the measurement.
    defaultViewport: { width: 1280, height: 1600 },
  })
}

/** `role` + exact accessible name, through puppeteer's ARIA query handler. */
const aria = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`

/**
 * Clicks the first visible match with the DOM's click(): the toasts stacked at the bottom can cover
 * the target, and a mouse click at its centre would land on them instead.
 */
async function click(page: Page, selector: string) {
  const element = await page.waitForSelector(selector, { visible: true, timeout: STEP_TIMEOUT_MS })
  if (!element) throw new Error(`nothing matches ${selector}`)
  await element.evaluate((node) => (node as HTMLElement).click())
  await element.dispose()
}

async function fill(page: Page, selector: string, value: string) {
  await page.locator(selector).setTimeout(STEP_TIMEOUT_MS).fill(value)
}

async function waitFor(page: Page, selector: string) {
  await page.waitForSelector(selector, { visible: true, timeout: STEP_TIMEOUT_MS })
}

async function waitForGone(page: Page, selector: string) {
  await page.waitForSelector(selector, { hidden: true, timeout: STEP_TIMEOUT_MS })
}

/** Client-side navigations change the URL before the new page renders: wait for it first. */
async function waitForPath(page: Page, matches: (pathname: string) => boolean) {
  const deadline = Date.now() + STEP_TIMEOUT_MS
  while (!matches(new URL(page.url()).pathname)) {
    if (Date.now() > deadline) throw new Error(`still at ${page.url()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Logged-out visitors get the login modal on start; closing it is what a visitor does first. */
async function closeLoginModal(page: Page) {
  const dialog = aria('dialog', 'Ingresá a Barrio')
  await waitFor(page, dialog)
  await page.keyboard.press('Escape')
  await waitForGone(page, dialog)
}

/** Gurruchaga 1723, Palermo: inside Tostadero Soho's 4 km delivery radius. */
async function chooseAddressInPalermo(page: Page) {
  await click(page, `header ${aria('button', 'Elegí tu dirección')}`)
  await fill(page, aria('combobox', 'Buscá tu dirección o tu barrio'), 'palermo')
  await click(page, aria('option', 'Palermo, Ciudad Autónoma de Buenos Aires, Argentina'))
  await fill(page, aria('textbox', 'Calle'), 'Gurruchaga')
  await fill(page, aria('textbox', 'Altura'), '1723')
  await click(page, aria('button', 'Guardar dirección'))
  await waitFor(page, 'header ::-p-text(Entregar en Gurruchaga 1723)')
}

/** Three units of the shop's first product, client-side navigation as in the e2e support. */
async function fillCartAtTostadero(page: Page) {
  const shop = `/shops/${DEMO.shopHandle}`
  await click(page, `main a[href="${shop}"]`)
  await waitForPath(page, (pathname) => pathname === shop)
  await click(page, `main a[href^="${shop}/products/"]`)
  await waitForPath(page, (pathname) => pathname.startsWith(`${shop}/products/`))
  await waitFor(page, '[data-testid="product-price"]')
  await click(page, aria('button', 'Sumar uno'))
  await click(page, aria('button', 'Sumar uno'))
  await click(page, aria('button', 'Agregar al carrito'))
  await waitFor(page, aria('button', 'Carrito, 3 productos'))
}

async function signInFromModal(page: Page, login: string, password: string) {
  const form = 'form[aria-label="Iniciar sesión"]'
  await fill(page, `${form} ${aria('textbox', 'Usuario o correo electrónico')}`, login)
  await fill(page, `${form} ${aria('textbox', 'Contraseña')}`, password)
  await click(page, `${form} ${aria('button', 'Ingresar')}`)
  await waitFor(page, '::-p-text(Bienvenido)')
}

/** Anonymous visitor with an address: the state for home, shop and product. */
export async function prepareVisitorWithAddress(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/`)
  await closeLoginModal(page)
  await chooseAddressInPalermo(page)
}

/**
 * Signed-in customer with a cart at Tostadero Soho, pickup and cash chosen: the review step.
 * Pickup, not delivery: checkout delivers to a located door only, and the bench's API has no
 * geocoder to locate one (the address chosen is the barrio's).
 */
export async function prepareCheckoutReview(page: Page, baseUrl: string): Promise<string> {
  await prepareVisitorWithAddress(page, baseUrl)
  await fillCartAtTostadero(page)
  await click(page, aria('button', 'Carrito, 3 productos'))
  await click(page, `${aria('dialog', 'Tu carrito')} ${aria('button', 'Ir a pagar')}`)
  await signInFromModal(page, DEMO.customer.login, DEMO.customer.password)
  await waitForPath(page, (pathname) => /^\/checkout\/[0-9a-f-]+$/.test(pathname))
  await click(page, aria('button', 'Continuar'))
  await click(page, aria('radio', 'Retiro en tienda'))
  await click(page, aria('button', 'Continuar'))
  await click(page, aria('radio', 'Efectivo'))
  await click(page, aria('button', 'Continuar'))
  await waitFor(page, aria('heading', 'Revisá tu pedido'))
  return new URL(page.url()).pathname
}

export async function prepareSeller(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/`)
  await waitFor(page, aria('dialog', 'Ingresá a Barrio'))
  await signInFromModal(page, DEMO.seller.login, DEMO.seller.password)
}
