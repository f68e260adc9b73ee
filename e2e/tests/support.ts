import { expect, type Page } from '@playwright/test'

/** Logged-out visitors get the login modal on start (spec section 4); most journeys close it first. */
export async function closeLoginModal(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Ingresá a Barrio' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

const mailboxPort = Number(process.env.E2E_PORT ?? 3199) + 2

/** The newest email the loopback SMTP server received for an address (waits for it). */
export async function latestEmail(
  to: string,
  after = 0,
): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`http://127.0.0.1:${mailboxPort}/messages?to=${encodeURIComponent(to)}`)
    const list = (await res.json()) as Array<{ subject: string; text: string; receivedAt: number }>
    const fresh = list.filter((m) => m.receivedAt > after)
    if (fresh.length) return fresh[fresh.length - 1]!
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no email for ${to}`)
}

/** Picks an address from the header: a barrio by typing it, then street and number. */
export async function chooseAddress(
  page: Page,
  address: { search: string; place: string; street: string; number: string },
) {
  await page.getByRole('banner').getByRole('button', { name: 'Elegí tu dirección' }).click()
  await page.getByRole('combobox', { name: 'Buscá tu barrio o localidad' }).fill(address.search)
  await page.getByRole('option', { name: address.place }).click()
  await page.getByLabel(/^Calle/).fill(address.street)
  await page.getByLabel(/^Altura/).fill(address.number)
  await page.getByRole('button', { name: 'Guardar dirección' }).click()
  const shown = `Entregar en ${address.street} ${address.number}`.replace(
    /[.*+?^${}()|[\]\\]/g,
    '\\$&',
  )
  await expect(
    page.getByRole('banner').getByRole('button', { name: new RegExp(`^${shown}`) }),
  ).toBeVisible()
}

/** Gurruchaga 1723, Palermo: inside Tostadero Soho's 4 km delivery radius. */
export async function chooseAddressInPalermo(page: Page) {
  await chooseAddress(page, {
    search: 'palermo',
    place: 'Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
    street: 'Gurruchaga',
    number: '1723',
  })
}

/**
 * Three units of Tostadero Soho's first product into the cart (above its $ 5.000 delivery
 * minimum). Client-side navigation: a full reload would greet a logged-out visitor with the modal.
 */
export async function fillCartAtTostadero(page: Page) {
  await page
    .getByRole('region', { name: 'Comercios cerca tuyo' })
    .getByRole('link', { name: 'Tostadero Soho' })
    .click()
  await page.getByRole('main').locator('a[href*="/products/"]').first().click()
  await expect(page.getByTestId('product-price')).toBeVisible()
  await page.getByRole('button', { name: 'Sumar uno' }).click()
  await page.getByRole('button', { name: 'Sumar uno' }).click()
  await page.getByRole('button', { name: 'Agregar al carrito' }).click()
  await expect(page.getByRole('button', { name: /^Carrito, 3 productos$/ })).toBeVisible()
}

/**
 * Signs in from the login modal (already open) and waits for it to close. (Not for the welcome
 * toast: on a phone only one toast shows, and the seller's dashboard may replace it at once.)
 */
export async function signInFromModal(page: Page, userName: string, firstName: string) {
  const login = page.getByRole('form', { name: 'Iniciar sesión' })
  await login.getByLabel('Usuario o correo electrónico').fill(userName)
  await login.getByLabel(/^Contraseña/).fill('demo1234')
  await login.getByRole('button', { name: 'Ingresar' }).click()
  await expect(login).toBeHidden()
  // The header greets the signed-in user by name (desktop and phone alike).
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeHidden()
  return firstName
}

/** From the review step: delivery to the address and cash, then confirm; ends on the order page. */
export async function checkoutWithDeliveryAndCash(page: Page) {
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Entrega a domicilio' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Efectivo' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('heading', { name: 'Revisá tu pedido', level: 1 })).toBeVisible()
  await expect(page.getByTestId('checkout-blocker')).toHaveCount(0)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })).toBeVisible()
}
