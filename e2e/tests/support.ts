import { expect, type Browser, type Locator, type Page } from '@playwright/test'

/** Logged-out visitors get the login modal on start (spec section 4); most journeys close it first. */
export async function closeLoginModal(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Ingresá a Barrio' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

const mailboxPort = Number(process.env.E2E_PORT ?? 3199) + 2

/** A header as the sink stored it, with RFC 2047 encoded words (=?UTF-8?Q?…?=, B) decoded. */
function decodeMimeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_h, hex: string) => `%${hex}`),
            'utf8',
          )
            .toString()
            .replace(/(%[0-9a-f]{2})+/gi, (m) => decodeURIComponent(m)),
    )
}

/** The newest email the loopback SMTP server received for an address (waits for it). */
export async function latestEmail(
  to: string,
  after = 0,
): Promise<{ subject: string; text: string }> {
  // Up to 30 s: the outbox worker delivers after the commit, later on a busy machine.
  for (let i = 0; i < 150; i++) {
    const res = await fetch(`http://127.0.0.1:${mailboxPort}/messages?to=${encodeURIComponent(to)}`)
    const list = (await res.json()) as Array<{ subject: string; text: string; receivedAt: number }>
    const fresh = list.filter((m) => m.receivedAt > after)
    if (fresh.length) {
      const mail = fresh[fresh.length - 1]!
      return { ...mail, subject: decodeMimeWords(mail.subject) }
    }
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
  await page.getByRole('combobox', { name: 'Buscá tu dirección o tu barrio' }).fill(address.search)
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

/**
 * Gurruchaga 1723, Palermo, located at its door by the suite's fake georef (a barrio's centre
 * would be approximate, and checkout delivers to doors only): inside Tostadero Soho's radius.
 */
export async function chooseAddressInPalermo(page: Page) {
  await chooseAddress(page, {
    search: 'Gurruchaga 1723, Palermo',
    place: 'Gurruchaga 1723, Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
    street: 'Gurruchaga',
    number: '1723',
  })
}

/** A visitor's home with Gurruchaga 1723, Palermo chosen: the region of the shops near it. */
export async function homeInPalermo(page: Page): Promise<Locator> {
  await page.goto('/')
  await closeLoginModal(page)
  await chooseAddressInPalermo(page)
  return page.getByRole('region', { name: 'Comercios cerca tuyo' })
}

/**
 * Three packs of Tostadero Soho's paper filters into the cart (above its $ 5.000 delivery
 * minimum): a product on the shop's first page that the seed stocks for every journey of a run,
 * named, since the grid's order moves as journeys edit products. Client-side navigation: a full
 * reload would greet a logged-out visitor with the modal.
 */
export async function fillCartAtTostadero(page: Page) {
  await page
    .getByRole('region', { name: 'Comercios cerca tuyo' })
    .getByRole('link', { name: 'Tostadero Soho' })
    .click()
  await page
    .getByRole('main')
    .getByRole('link', { name: 'Filtros de papel V60 x 100', exact: true })
    .first()
    .click()
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

/** How the journeys pay: the checkout's radio labels. */
const PAYMENT_RADIOS = { cash: 'Efectivo', bank_transfer: /^Transferencia/ } as const
export type E2ePaymentMethod = keyof typeof PAYMENT_RADIOS

/** From the review step: delivery to the address and cash, then confirm; ends on the order page. */
export async function checkoutWithDeliveryAndCash(page: Page) {
  await checkoutWithDelivery(page, 'cash')
}

/** From the review step: delivery to the address and `payment`, then confirm; ends on the order page. */
export async function checkoutWithDelivery(page: Page, payment: E2ePaymentMethod) {
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: 'Entrega a domicilio' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await page.getByRole('radio', { name: PAYMENT_RADIOS[payment] }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await expect(page.getByRole('heading', { name: 'Revisá tu pedido', level: 1 })).toBeVisible()
  await expect(page.getByTestId('checkout-blocker')).toHaveCount(0)
  await page.getByRole('button', { name: 'Confirmar pedido' }).click()
  await expect(page.getByRole('heading', { name: /^Pedido #\d+$/, level: 1 })).toBeVisible()
}

/**
 * Creates a new customer in the open login modal and signs in with it. Each crawl buys as a new
 * customer: the shop refuses a third unpaid order from one customer (spec section 6), and the
 * demo customer's orders belong to the ordering journey.
 */
export async function signUpInModal(page: Page, firstName = 'Lucía') {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `lu.${tag}@example.com`
  // The login modal (the cart drawer may still be open under it); its title follows its tab.
  const dialog = page.getByRole('dialog').filter({ hasText: 'Crear cuenta' })
  await expect(dialog).toBeVisible()
  await dialog.getByText('Crear cuenta', { exact: true }).click()
  const form = dialog.getByRole('form', { name: 'Crear cuenta' })
  await form.getByLabel('Nombre', { exact: false }).first().fill(firstName)
  await form.getByLabel('Apellido').fill('Fernández')
  await form.getByLabel('Usuario').fill(`lu_${tag}`)
  await form.getByRole('textbox', { name: 'Teléfono' }).fill('11 5555-1234')
  await form.getByLabel('Correo electrónico').fill(email)
  await form.getByLabel(/^Contraseña/).fill('mate-con-bizcochitos')
  await form.getByLabel('Repetir contraseña').fill('mate-con-bizcochitos')
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  // Registering signs the new account in (issue 30): the dialog closes on its own.
  await expect(dialog).toBeHidden()
  await waitForToastsToClose(page)
  return email
}

/**
 * Lets the toasts of a sign-up ("Agregado al carrito", "Cuenta creada…", the verification hint)
 * close by themselves (spec section 9: 5 s). They stack at the bottom over the checkout's
 * "Continuar", and a toast under the pointer pauses its timer, so a click aimed through them
 * would wait for ever: the pointer moves away first.
 */
export async function waitForToastsToClose(page: Page) {
  await page.mouse.move(1, 1)
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 30_000 })
}

/**
 * A customer buys three units at Tostadero Soho with delivery to Palermo and answers the order
 * number, on the order page. `firstVisit`: the page has not been opened yet (closes the login
 * modal, picks the address). `account`: how the checkout's login modal is answered — a new
 * customer signs up (`{ signUp: 'Martín' }`), a demo user signs in, or `null` when the page is
 * already signed in.
 */
/** From a cart of three: the cart drawer's "Ir a pagar" (a visitor is then asked to sign in). */
export async function openCheckoutFromCart(page: Page) {
  await page.getByRole('button', { name: /^Carrito, 3 productos$/ }).click()
  await page
    .getByRole('dialog', { name: 'Tu carrito' })
    .getByRole('button', { name: 'Ir a pagar' })
    .click()
}

export async function buyAtTostadero(
  page: Page,
  {
    firstVisit = true,
    account = { signUp: 'Martín' },
    payment = 'cash',
  }: {
    firstVisit?: boolean
    account?: { signUp: string } | { signIn: string; firstName: string } | null
    payment?: E2ePaymentMethod
  } = {},
): Promise<string> {
  await page.goto('/')
  if (firstVisit) {
    await closeLoginModal(page)
    await chooseAddressInPalermo(page)
  }
  await fillCartAtTostadero(page)
  await openCheckoutFromCart(page)
  if (account && 'signUp' in account) await signUpInModal(page, account.signUp)
  else if (account) await signInFromModal(page, account.signIn, account.firstName)
  // Signed in, the purchase goes on by itself with the same cart.
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/)
  await checkoutWithDelivery(page, payment)
  return (await page.getByRole('heading', { level: 1 }).innerText()).replace(/\D/g, '')
}

/** The demo seller signed in on a new page, at `path`, with Tostadero Soho selected. */
export async function sellerAtTostadero(
  browser: Browser,
  path: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const seller = await (
    await browser.newContext({
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      viewport,
    })
  ).newPage()
  await seller.goto('/')
  await signInFromModal(seller, 'vendedor', 'Valeria')
  await seller.goto(path)
  await seller.getByRole('combobox', { name: 'Tienda seleccionada' }).click()
  await seller.getByRole('option', { name: 'Tostadero Soho' }).click()
  return seller
}
