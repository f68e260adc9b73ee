import { expect, test } from './fixtures.ts'
import { closeLoginModal, homeInPalermo, signInFromModal } from './support.ts'

test('the home page renders Barrio’s shell with header, content and footer', async ({ page }) => {
  await page.goto('/')
  await closeLoginModal(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Barrio' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('barrio')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Ayuda' })).toBeVisible()
  await expect(page).toHaveTitle(/Barrio/)
})

test('an unknown path shows Page Not Found with 404 and the path', async ({ page }) => {
  await page.goto('/esto-no-existe')
  await expect(page.getByText('Page Not Found')).toBeVisible()
  await expect(page.getByText('404', { exact: true })).toBeVisible()
  await expect(page.getByText('/esto-no-existe')).toBeVisible()
})

test('a customer opening the seller dashboard lands on /unauthorized', async ({ page }) => {
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/unauthorized$/)
})

test('night mode survives a reload', async ({ page }) => {
  await page.goto('/')
  await closeLoginModal(page)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light')
  await page.getByRole('button', { name: 'Activar modo noche' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.getByRole('button', { name: 'Desactivar modo noche' })).toBeVisible()
})

test('an errorMsg query parameter is shown as an error toast', async ({ page }) => {
  await page.goto('/?errorMsg=No%20pudimos%20ingresar%20con%20Google')
  await expect(
    page.getByRole('alert').filter({ hasText: 'No pudimos ingresar con Google' }),
  ).toBeVisible()
})

test('the API answers unknown routes with JSON 404 and serves the SPA for deep links', async ({
  request,
}) => {
  const api = await request.get('/api/v1/nada')
  expect(api.status()).toBe(404)
  expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' })
  const deep = await request.get('/shops/abc')
  expect(deep.status()).toBe(200)
  expect(await deep.text()).toContain('<div id="root">')
})

test('robots.txt, the favicon and the web manifest are real files, not the app page', async ({
  request,
}) => {
  const robots = await request.get('/robots.txt')
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/)
  expect(await robots.text()).toContain('Disallow: /admin')

  const favicon = await request.get('/favicon.ico')
  expect(favicon.headers()['content-type']).toMatch(/icon/)
  // An ICO directory: reserved 0, type 1 (icon).
  expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0])

  const manifest = await request.get('/manifest.webmanifest')
  expect(manifest.headers()['content-type']).toMatch(/manifest\+json/)
  const body = await manifest.json()
  expect(body).toMatchObject({ short_name: 'Barrio', lang: 'es-AR', start_url: '/' })
  for (const icon of body.icons as Array<{ src: string; type: string }>) {
    const res = await request.get(icon.src)
    expect(res.ok()).toBe(true)
    expect(res.headers()['content-type']).toBe(icon.type)
  }
})

test('the app and its bundles arrive compressed', async ({ page }) => {
  const encodings = new Map<string, string | undefined>()
  page.on('response', async (res) => {
    const url = new URL(res.url())
    if (url.pathname === '/' || /\.(js|css)$/.test(url.pathname))
      encodings.set(url.pathname, (await res.allHeaders())['content-encoding'])
  })
  await page.goto('/')
  await closeLoginModal(page)
  expect(encodings.size).toBeGreaterThan(2)
  for (const [pathname, encoding] of encodings)
    expect(encoding, `${pathname} is compressed`).toMatch(/^(br|gzip)$/)
})

test('the shell draws a shop’s cover and a product’s photo exactly where the page puts them', async ({
  browser,
  consoleGuard,
}) => {
  // The shell's page is measured without the app: its scripts are refused on purpose.
  consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED$/)
  // The shell's image is the page's largest paint (decision 020): if its box drifts from the
  // React page's, the picture jumps when the app takes over.
  const shop = '/shops/tostadero-soho'
  const urls = [shop, `${shop}/products/taza-de-ceramica-esmaltada-250-ml`]
  const box = (selector: string) =>
    `(() => { const r = [...document.querySelectorAll(${JSON.stringify(selector)})]
      .map((e) => e.getBoundingClientRect()).find((r) => r.width > 200)
      return r && [r.top + scrollY, r.left, r.width, r.height].map(Math.round) })()`
  for (const width of [360, 800, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } })
    for (const url of urls) {
      const shell = await context.newPage()
      await shell.route('**/assets/*.js', (route) => route.abort())
      await shell.goto(url)
      await expect(shell.locator('#app-shell .shell-media img')).toBeVisible({ timeout: 30_000 })
      const drawn = await shell.evaluate(box('#app-shell .shell-media'))
      expect(drawn).toHaveLength(4)

      const app = await context.newPage()
      await app.goto(url)
      await closeLoginModal(app)
      await expect(app.locator('#app-shell')).toHaveCount(0, { timeout: 30_000 })
      await expect(app.getByRole('main').locator('img').first()).toBeVisible()
      expect(await app.evaluate(box('main img')), `${url} at ${width} px`).toEqual(drawn)
    }
    await context.close()
  }
})

test('the search results’ shell writes the title and draws the first photos where the page does', async ({
  browser,
  consoleGuard,
}) => {
  // The shell's page is measured without the app: its scripts are refused on purpose.
  consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED$/)
  // The first product's photo is the results page's largest paint; the shell draws it from the
  // search index.html asks for (issue 29). If its box drifted, the picture would jump.
  const url = '/search?q=caf%C3%A9'
  type Boxes = { title: number[]; photos: number[][] }
  const boxes = (title: string, photos: string) =>
    `(() => { const box = (e) => { const r = e.getBoundingClientRect()
        return [r.top + scrollY, r.left, r.width, r.height].map(Math.round) }
      return { title: box(document.querySelector(${JSON.stringify(title)})),
        photos: [...document.querySelectorAll(${JSON.stringify(photos)})]
          .filter((e) => e.getBoundingClientRect().width > 0).slice(0, 3).map(box) } })()`
  for (const width of [360, 800, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } })
    const app = await context.newPage()
    await homeInPalermo(app)
    await app.goto(url)
    await closeLoginModal(app)
    await expect(app.locator('#app-shell')).toHaveCount(0, { timeout: 30_000 })
    const grid = app.getByRole('list', { name: 'Productos encontrados' })
    await expect(grid.locator('img').first()).toBeVisible({ timeout: 30_000 })
    const page = (await app.evaluate(
      boxes('main h1', 'main ul[aria-label="Productos encontrados"] li img'),
    )) as Boxes

    const shell = await context.newPage()
    await shell.route('**/assets/*.js', (route) => route.abort())
    await shell.goto(url)
    await expect(shell.locator('#app-shell .shell-result img').first()).toBeVisible({
      timeout: 30_000,
    })
    const drawn = (await shell.evaluate(
      boxes('#app-shell .shell-heading-search', '#app-shell .shell-result img'),
    )) as Boxes
    // Two photos in a row on a phone, three from 48em: the row the first screen shows.
    expect(drawn.photos, `the shell's photos at ${width} px`).toEqual(
      page.photos.slice(0, drawn.photos.length),
    )
    expect(drawn.photos).toHaveLength(width < 768 ? 2 : 3)
    expect(drawn.title, `the title at ${width} px`).toEqual(page.title)
    await context.close()
  }
})

test('the dashboard’s shell writes the seller’s store where and as large as the page does', async ({
  browser,
  consoleGuard,
}) => {
  // The shell's page is measured without the app: its scripts are refused on purpose.
  consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED$/)
  // Issue 29: the store's address is the dashboard's largest paint. The shell draws it from the
  // stores index.html asks for with the page; if its text box drifted from the React page's (or
  // grew smaller), the page's largest paint would wait for the app again.
  type TextBox = { box: number[]; text: string }
  const text = (selector: string) =>
    `(() => { const range = document.createRange()
      range.selectNodeContents(document.querySelector(${JSON.stringify(selector)}))
      const r = range.getBoundingClientRect()
      return { box: [r.top + scrollY, r.left, r.width, r.height].map(Math.round),
        text: range.toString() } })()`
  for (const width of [360, 800, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } })
    const app = await context.newPage()
    await app.goto('/')
    await signInFromModal(app, 'vendedor', 'Valeria')
    await app.goto('/admin/dashboard')
    await expect(app.locator('#app-shell')).toHaveCount(0, { timeout: 30_000 })
    const address = '#selected-store-name + p'
    await expect(app.locator(address)).toBeVisible({ timeout: 30_000 })
    const page = (await app.evaluate(text(address))) as TextBox

    const shell = await context.newPage()
    await shell.route('**/assets/*.js', (route) => route.abort())
    await shell.goto('/admin/dashboard')
    await expect(shell.locator('#app-shell .shell-store-address')).toBeVisible({ timeout: 30_000 })
    const drawn = (await shell.evaluate(text('#app-shell .shell-store-address'))) as TextBox
    const at = `the dashboard at ${width} px`
    // The same text in a box of the same size (the largest paint stays the shell's), at the same
    // place to a pixel's rounding.
    expect(drawn.text, at).toBe(page.text)
    expect(drawn.box.slice(2), at).toEqual(page.box.slice(2))
    for (const i of [0, 1])
      expect(Math.abs(drawn.box[i]! - page.box[i]!), at).toBeLessThanOrEqual(2)
    await context.close()
  }
})

test('the shell lays out, out of sight, text in every font weight the home page then uses', async ({
  page,
  consoleGuard,
}) => {
  // The shell is read before the app takes over: its scripts are refused at first on purpose.
  consoleGuard.allow(/^Failed to load resource: net::ERR_FAILED$/)
  // Decision 032: the first text in each weight loads its font face, which the React page's first
  // layout would otherwise pay after the first paint. The shell pays it before.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/')
  const sample = page.locator('#app-shell .shell-fonts')
  const warmed = new Set(
    await sample
      .locator('span')
      .evaluateAll((spans) => spans.map((span) => getComputedStyle(span).fontWeight)),
  )
  warmed.add(
    await page.locator('#app-shell .shell-brand').evaluate((el) => getComputedStyle(el).fontWeight),
  )
  const box = await sample.boundingBox()
  expect(box && box.width <= 1 && box.height <= 1, 'the sample takes no room').toBe(true)
  expect(await sample.getAttribute('aria-hidden')).toBe('true')
  await page.unroute('**/assets/*.js')

  const shops = await homeInPalermo(page)
  await expect(shops.getByRole('article').first()).toBeVisible({ timeout: 30_000 })
  const used = await page.evaluate(() => {
    const weights = new Set<string>()
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (parent && node.textContent?.trim()) weights.add(getComputedStyle(parent).fontWeight)
    }
    return [...weights]
  })
  expect(used.length).toBeGreaterThan(1)
  for (const weight of used)
    expect(warmed, `weight ${weight} is in the shell's sample`).toContain(weight)
})
