import { expect, test } from '@playwright/test'
import { closeLoginModal } from './support.ts'

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
