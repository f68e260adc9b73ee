import { expect, test } from './fixtures.ts'
import { closeLoginModal, homeInPalermo } from './support.ts'

/** Issue 10, "Speed": what a first visit gets before and without the JavaScript. */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('index.html alone paints the app shell: header, address bar and a skeleton grid', async ({
    page,
  }) => {
    await page.goto('/')
    const shell = page.locator('#app-shell')
    await expect(shell).toBeVisible()
    await expect(shell.getByText('Barrio', { exact: true })).toBeVisible()
    await expect(shell.locator('.shell-bar')).toBeVisible()
    await expect(shell.locator('.shell-card')).toHaveCount(3)
    const card = await shell.locator('.shell-card').first().boundingBox()
    // The skeleton cards have the height of the catalogue's own skeletons (StoreGridSkeleton).
    expect(card?.height).toBe(250)
    // Its CSS is inline: no stylesheet sits in <head> to hold the first paint.
    expect(await page.locator('head link[rel="stylesheet"]').count()).toBe(0)
  })
})

test('before the bundles run, seller pages get the shell without the customer address bar', async ({
  page,
  consoleGuard,
}) => {
  // index.html's inline script runs (it picks the shell's variant); the app's bundles never do.
  // Chromium logs each bundle the test aborts.
  consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED$/)
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  await page.goto('/admin/dashboard')
  await expect(page.locator('#app-shell')).toBeVisible()
  await expect(page.locator('#app-shell .shell-bar')).toBeHidden()
  await page.goto('/shops')
  await expect(page.locator('#app-shell .shell-bar')).toBeVisible()
})

test('before the bundles run, the checkout review’s shell shows its title, and each page preloads its own chunks', async ({
  page,
  consoleGuard,
}) => {
  // The review's title is its largest paint (issue 29): the shell writes it from the path alone.
  consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED$/)
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  const preloaded = () =>
    page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname))
  await page.goto('/checkout/00000000-0000-4000-8000-000000000000/review')
  const shell = page.locator('#app-shell')
  await expect(shell.getByText('Revisá tu pedido', { exact: true })).toBeVisible()
  await expect(shell.locator('.shell-title')).toBeHidden()
  await expect.poll(preloaded).toContainEqual(expect.stringMatching(/\/checkout-review-[^/]+\.js$/))
  expect(await preloaded()).not.toContainEqual(expect.stringMatching(/\/home-[^/]+\.js$/))
  await page.goto('/admin/dashboard')
  await expect(shell.getByText('Revisá tu pedido', { exact: true })).toBeHidden()
  // The seller's frame and dashboard are one chunk, `seller` (vite.config.ts, decision 062).
  await expect.poll(preloaded).toContainEqual(expect.stringMatching(/\/seller-[^/]+\.js$/))
  expect(await preloaded()).not.toContainEqual(expect.stringMatching(/\/home-[^/]+\.js$/))
  // A shop's and a product's link opened first: their own chunks, not the home page's.
  await page.goto('/shops/tostadero-soho')
  await expect.poll(preloaded).toContainEqual(expect.stringMatching(/\/shop-[^/]+\.js$/))
  expect(await preloaded()).not.toContainEqual(expect.stringMatching(/\/home-[^/]+\.js$/))
  await page.goto('/shops/tostadero-soho/products/cafe-de-especialidad')
  await expect.poll(preloaded).toContainEqual(expect.stringMatching(/\/product-[^/]+\.js$/))
  expect(await preloaded()).not.toContainEqual(expect.stringMatching(/\/(home|shop)-[^/]+\.js$/))
  await page.goto('/checkout/00000000-0000-4000-8000-000000000000')
  await expect(shell.getByText('Revisá tu pedido', { exact: true })).toBeHidden()
  await expect.poll(preloaded).toContainEqual(expect.stringMatching(/\/home-[^/]+\.js$/))
})

test('the app replaces the shell with the real page once it has rendered', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.locator('#app-shell')).toHaveCount(0)
  await closeLoginModal(page)
})

test('hashed bundles are cached for a year; the app page is revalidated with an ETag', async ({
  page,
  request,
}) => {
  const assets: string[] = []
  page.on('response', (res) => {
    const url = new URL(res.url())
    if (url.pathname.startsWith('/assets/')) assets.push(url.pathname)
  })
  await page.goto('/')
  await closeLoginModal(page)
  expect(assets.length).toBeGreaterThan(0)
  for (const asset of assets.slice(0, 5)) {
    const res = await request.get(asset)
    expect(res.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable')
  }
  for (const pathname of ['/', '/shops/tostadero-soho']) {
    const res = await request.get(pathname, { headers: { accept: 'text/html' } })
    expect(res.headers()['cache-control'], pathname).toBe('no-cache')
    const etag = res.headers()['etag']
    expect(etag, `${pathname} has an ETag`).toBeTruthy()
    const again = await request.get(pathname, {
      headers: { accept: 'text/html', 'if-none-match': etag ?? '' },
    })
    expect(again.status(), `${pathname} revalidates`).toBe(304)
  }
})

/**
 * Bytes on the home page's critical path: the scripts and stylesheets index.html loads or
 * preloads, as sent (Brotli). Issue 10's goal is JS ≤ 170 KB and CSS ≤ 25 KB; the CSS meets it,
 * the JS budget below is today's figure plus a little, to stop regressions (react-dom and the
 * router, Mantine's provider and axios are most of it: see bench/README.md). The figures are
 * attached to the report.
 */
// Raised by 1 KB for issue 26's open/closed and ETA line on the home page's shop cards
// (contracts/store-time-labels.ts): 170,105 B measured in the clean-clone run. Raised by 2 KB
// for issue 25's search box in every customer page's header (features/search: its own ARIA
// combobox, not Mantine's, to keep it small): 172,585 B measured. Raised by 2 KB for issue 27,
// what the law asks of every price a customer sees (the unit price and the price without national
// taxes on the home's product cards: contracts/legal-prices.ts, zod-free) and the botón de
// arrepentimiento's link on the home and in the footer: 174,142 B measured. Raised by 2 KB for
// issue 28's seller routes in the one route table the entry carries (coupons' three pages, the
// tickets' two print routes: each a lazy route object, their pages stay in their own chunks):
// 175,385 B measured.
const JS_BUDGET_BYTES = 177_000
const CSS_BUDGET_BYTES = 25_000

test('the home page’s critical-path JS and CSS stay within the byte budget', async ({
  request,
}) => {
  const page = await (await request.get('/', { headers: { accept: 'text/html' } })).text()
  // Script and link tags, and the entry loader's list of modules it preloads once the shell's
  // image has painted (vite.config.ts, entryAfterShellPaint); not the lists of other pages' chunks
  // that it preloads on their paths only (`var routes`).
  const html = page.replace(/var routes = .*/, '')
  expect(html, 'the loader has its other pages’ lists').not.toBe(page)
  const assets = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!)
  expect(
    assets.some((asset) => /\/home-[^/]+\.js$/.test(asset)),
    'the home chunk is preloaded',
  ).toBe(true)
  let js = 0
  let css = 0
  for (const asset of new Set(assets)) {
    const res = await request.get(asset, { headers: { 'accept-encoding': 'br' } })
    expect(res.headers()['content-encoding'], asset).toBe('br')
    // Files under 1 KB are compressed on the fly (no content-length): count their plain size.
    const length = res.headers()['content-length']
    const bytes = length ? Number(length) : (await res.body()).length
    expect(bytes, `${asset} has a length`).toBeGreaterThan(0)
    if (asset.endsWith('.js')) {
      js += bytes
      // Decision 020: the first page validates nothing with zod, so it must not download it.
      const text = await (await request.get(asset)).text()
      expect(text.includes('ZodObject'), `${asset} holds no zod`).toBe(false)
    } else css += bytes
  }
  test.info().annotations.push({
    type: 'critical-path bytes (br)',
    description: `JS ${(js / 1000).toFixed(1)} KB, CSS ${(css / 1000).toFixed(1)} KB in ${new Set(assets).size} files`,
  })
  console.log(`home critical path (br): JS ${js} B, CSS ${css} B`)
  expect(js).toBeLessThanOrEqual(JS_BUDGET_BYTES)
  expect(css).toBeLessThanOrEqual(CSS_BUDGET_BYTES)
})

test('a returning visitor’s home asks for its shops and products once, from index.html, and preloads the first cover', async ({
  page,
}) => {
  const shops = await homeInPalermo(page)
  await expect(shops.getByRole('article').first()).toBeVisible({ timeout: 30_000 })

  const asked: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (/^\/api\/v1\/(stores|products)$/.test(url.pathname)) asked.push(url.pathname)
  })
  await page.reload()
  await closeLoginModal(page)
  await expect(shops.getByRole('article').first()).toBeVisible({ timeout: 30_000 })
  await expect(
    page.getByRole('region', { name: 'Productos cerca tuyo' }).getByRole('article').first(),
  ).toBeVisible({
    timeout: 30_000,
  })
  // The page took index.html's answers (early-home.ts) instead of asking again.
  expect(asked.sort()).toEqual(['/api/v1/products', '/api/v1/stores'])
  expect(await page.evaluate(() => '__barrioHome' in window)).toBe(false)
  const cover = await shops.getByRole('article').first().locator('img').first().getAttribute('src')
  await expect(page.locator(`link[rel="preload"][as="image"][href="${cover}"]`)).toHaveCount(1)
})

test('a returning visitor’s search results: asked once from index.html, the first photo in the shell before the bundles, and no zod among the page’s chunks', async ({
  page,
  request,
  consoleGuard,
}) => {
  await homeInPalermo(page)
  const asked: string[] = []
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/v1/search') asked.push(req.url())
  })
  await page.goto('/search?q=caf%C3%A9')
  await closeLoginModal(page)
  const results = page.getByRole('list', { name: 'Productos encontrados' })
  await expect(results.getByRole('article').first()).toBeVisible({ timeout: 30_000 })
  // The page took index.html's answer (early-search.ts) instead of asking again.
  expect(asked).toHaveLength(1)
  expect(await page.evaluate(() => '__barrioSearch' in window)).toBe(false)
  const photo = await results.getByRole('article').first().locator('img').getAttribute('src')

  // The chunks the loader preloads for the results page: a first page loads no zod (decision 020).
  const html = await (
    await request.get('/search?q=cafe', { headers: { accept: 'text/html' } })
  ).text()
  const route = /\["\^\/search\/\?\$",\[([^\]]*)\]/.exec(html)
  expect(route, 'the loader lists the results page’s chunks').not.toBeNull()
  const chunks = [...route![1]!.matchAll(/"([^"]+\.js)"/g)].map((match) => match[1]!)
  expect(chunks.length).toBeGreaterThan(0)
  for (const chunk of chunks) {
    const text = await (await request.get(chunk)).text()
    expect(text.includes('ZodObject'), `${chunk} holds no zod`).toBe(false)
  }

  // Before the bundles run: the title and the first product's photo, where the page puts them.
  consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED$/)
  await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  await page.reload()
  const shell = page.locator('#app-shell')
  await expect(shell.getByText('Resultados para «café»', { exact: true })).toBeVisible()
  await expect(shell.locator('.shell-result img').first()).toHaveAttribute('src', photo ?? '', {
    timeout: 15_000,
  })
})

test('a visitor’s start asks for the session once, from index.html, with no failed request or console error', async ({
  page,
}) => {
  const sessionChecks: number[] = []
  const failed: string[] = []
  const errors: string[] = []
  page.on('response', (res) => {
    const url = new URL(res.url())
    if (url.pathname === '/api/v1/auth/session') sessionChecks.push(res.status())
    if (res.status() >= 400) failed.push(`${res.status()} ${url.pathname}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/')
  await closeLoginModal(page)
  // Spec section 4: the visitor stays logged out; the server's "no session" is a 200 (issue 10).
  expect(sessionChecks).toEqual([200])
  expect(failed).toEqual([])
  expect(errors).toEqual([])
  expect(await page.evaluate(() => '__barrioSession' in window)).toBe(false)
})

test('before the bundles run, a returning visitor’s shell shows the first shop’s cover, and a shop’s page its cover', async ({
  page,
  consoleGuard,
}) => {
  // Chromium logs each bundle the test aborts.
  consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED$/)
  const shops = await homeInPalermo(page)
  const cover = await shops.getByRole('article').first().locator('img').first().getAttribute('src')
  const shopHref = await shops.getByRole('article').first().getByRole('link').getAttribute('href')

  await page.route(/\/assets\/.+\.js$/, (route) => route.abort())
  await page.reload()
  const shellCover = page.locator('#app-shell .shell-card').first().locator('img')
  await expect(shellCover).toHaveAttribute('src', cover ?? '', { timeout: 15_000 })
  // The box the shop card gives its cover: the card's width, 112 px high.
  expect((await shellCover.boundingBox())?.height).toBe(112)

  await page.goto(shopHref ?? '/')
  await expect(page.locator('#app-shell img.shell-shop-cover')).toBeVisible({ timeout: 15_000 })
})

test('the app waits for the shell’s image to paint, but not for an image that never comes', async ({
  page,
}) => {
  // index.html starts the entry script once the shell's image has painted (decision 020); a
  // stalled image must not stall the app: the gate opens by itself after 2 s.
  await page.route('**/uploads/seed/cover-*', () => {
    /* never answered */
  })
  // The page's load event waits for that image (the server preloads it with the HTML): wait for
  // the document only.
  await page.goto('/shops/tostadero-soho', { waitUntil: 'domcontentloaded' })
  await expect(page.locator('#app-shell .shell-media img')).toHaveCount(1, { timeout: 30_000 })
  await closeLoginModal(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Tostadero Soho' })).toBeVisible({
    timeout: 30_000,
  })
})
