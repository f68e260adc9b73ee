import { expect, test } from './fixtures.ts'

// The console guard of tests/fixtures.ts checked on planted errors: `test.fail` marks the tests
// whose failure (thrown by the guard after the test body) is the expected outcome.

test('a console.error on the page fails the test', async ({ page }) => {
  test.fail()
  await page.goto('/esto-no-existe')
  await page.evaluate(() => console.error('planted by console-guard.spec'))
})

test('an uncaught exception in a context opened with browser.newContext fails the test', async ({
  browser,
}) => {
  test.fail()
  const page = await (await browser.newContext()).newPage()
  await page.goto('/esto-no-existe')
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('planted by console-guard.spec')
    }, 0)
  })
  await page.waitForTimeout(200)
})

test('an error the test declares does not fail it', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/^planted by console-guard\.spec$/)
  await page.goto('/esto-no-existe')
  await page.evaluate(() => console.error('planted by console-guard.spec'))
})

test('the API answering 4xx is not an error of the page', async ({ page }) => {
  await page.goto('/esto-no-existe')
  const status = await page.evaluate(async () => (await fetch('/api/v1/no-such-endpoint')).status)
  expect(status).toBe(404)
})

test('the API answering 5xx is an error of the page', async ({ page }) => {
  test.fail()
  await page.goto('/esto-no-existe')
  await page.route('**/api/v1/health', (route) => route.fulfill({ status: 503, body: '{}' }))
  const status = await page.evaluate(async () => (await fetch('/api/v1/health')).status)
  expect(status).toBe(503)
})
