import { expect, test } from './fixtures.ts'
import { closeLoginModal, signInFromModal } from './support.ts'

test('at 360 px the shell fits without horizontal scrolling', async ({ page }) => {
  await page.goto('/')
  await closeLoginModal(page)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Barrio' })).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
})

test('at 360 px the tab bar reaches every customer area, and the account page the rest', async ({
  page,
}) => {
  await page.goto('/')
  await closeLoginModal(page)
  const tabs = page.getByRole('navigation', { name: 'Navegación del teléfono' })
  await expect(tabs.getByRole('listitem')).toHaveText([
    'Inicio',
    'Comercios',
    'Pedidos',
    'Carrito',
    'Cuenta',
  ])
  await expect(tabs.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page')

  await tabs.getByRole('link', { name: 'Comercios' }).click()
  await expect(page).toHaveURL(/\/shops$/)
  await expect(tabs.getByRole('link', { name: 'Comercios' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await tabs.getByRole('link', { name: 'Pedidos' }).click()
  await expect(page).toHaveURL(/\/orders$/)

  await tabs.getByRole('button', { name: /^Carrito/ }).click()
  const cart = page.getByRole('dialog', { name: 'Tu carrito' })
  await expect(cart).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(cart).toBeHidden()

  await tabs.getByRole('link', { name: 'Cuenta' }).click()
  const menu = page.getByRole('navigation', { name: 'Tu cuenta' })
  for (const [name, path] of [
    ['Mis direcciones', '/addresses'],
    ['Medios de pago', '/payment-methods'],
    ['Configuración', '/settings'],
  ] as const) {
    await tabs.getByRole('link', { name: 'Cuenta' }).click()
    await menu.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
  // Nothing hides under the bar: the footer's last link can be scrolled above it.
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Términos' })
  await footerLink.scrollIntoViewIfNeeded()
  const link = await footerLink.boundingBox()
  const bar = await tabs.boundingBox()
  expect(link!.y + link!.height).toBeLessThanOrEqual(bar!.y)
})

test('at 360 px the seller reaches every section from the menu, without the tab bar', async ({
  page,
}) => {
  await page.goto('/')
  await signInFromModal(page, 'vendedor', 'Valeria')
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Navegación del teléfono' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Abrir menú' }).click()
  const sections = page.getByRole('navigation', { name: 'Secciones del vendedor' })
  // Eleven sections, the botón de arrepentimiento's requests (issue 27) and the store's coupons
  // (issue 28: the owner may set prices).
  await expect(sections.getByRole('link')).toHaveCount(13)
  await expect(sections.getByRole('link', { name: /Arrepentimientos/ })).toBeVisible()
  await expect(sections.getByRole('link', { name: 'Cupones' })).toBeVisible()
  await sections.getByRole('link', { name: 'Configuración' }).click()
  await expect(page).toHaveURL(/\/admin\/settings$/)
  // The menu closes after the move, and its off-screen links leave the tab order.
  await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
  await expect(page.locator('#admin-navbar')).toHaveAttribute('inert', '')
})
