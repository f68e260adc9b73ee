import { generate } from 'otplib'
import { expect, test } from './fixtures.ts'
import { closeLoginModal, homeInPalermo, latestEmail, signInFromModal } from './support.ts'

/**
 * Issue 24: the demo operator signs in, is made to enrol a second factor (TOTP) before anything
 * else, keeps the recovery codes, and approves a pending merchant application from the queue; the
 * applicant gets the e-mail and, signing in, runs the first store of their own. Then the operator
 * suspends a shop, a customer near it no longer finds it, and the operator reactivates it.
 */
test('the operator enrols a second factor, approves a pending merchant who then runs their store, and suspends a shop', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await page.goto('/')
  await signInFromModal(page, 'operador', 'Sofía')
  // No second factor yet: enrolment comes first, whatever was asked.
  await expect(page).toHaveURL(/\/operator\/security\/enrol/)
  await expect(page.getByRole('heading', { name: 'Activá tu segundo factor' })).toBeVisible()
  await expect(
    page.getByRole('img', { name: 'Código QR para tu app de autenticación' }),
  ).toBeVisible()
  // The manual key, as an authenticator app would read it from the QR.
  const key = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
  expect(key).toMatch(/^[A-Z2-7]{16,}$/)
  await page.getByLabel('Código de 6 números').fill('000000')
  await page.getByRole('button', { name: 'Activar', exact: true }).click()
  await expect(page.getByText(/El código no es correcto/).first()).toBeVisible()
  await page.getByLabel('Código de 6 números').fill(await generate({ secret: key }))
  await page.getByRole('button', { name: 'Activar', exact: true }).click()
  const codes = page.getByRole('list', { name: 'Códigos de recuperación' })
  await expect(codes.getByRole('listitem')).toHaveCount(10)
  await page.getByRole('button', { name: 'Ya los guardé' }).click()

  // Home is the city at a glance (decision 048); the queue is a section of the nav.
  await expect(page).toHaveURL(/\/operator$/)
  await expect(page.getByRole('heading', { name: 'La ciudad', level: 1 })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Secciones de operación' })
    .getByRole('link', { name: 'Comercios' })
    .click()

  // The queue: Diego Romero's greengrocer waits; approve it.
  await expect(page).toHaveURL(/\/operator\/merchants/)
  await expect(page.getByRole('heading', { name: 'Comercios', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Ver la solicitud de Verdulería Romero' }).click()
  const detail = page.getByRole('dialog', { name: /Verdulería Romero/ })
  await expect(detail).toContainText(/20-?12345678-?6/)
  const approvedAt = Date.now()
  await detail.getByRole('button', { name: 'Aprobar' }).click()
  await page.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByText('Aprobaste a Verdulería Romero.')).toBeVisible()
  // Mantine's segmented control hides its radios behind their labels: click the label.
  await page.getByText('Aprobadas', { exact: true }).click()
  await expect(page.getByRole('radio', { name: 'Aprobadas' })).toBeChecked()
  await expect(
    page.getByRole('button', { name: 'Ver la solicitud de Verdulería Romero' }),
  ).toBeVisible()

  const mail = await latestEmail('vecino.diego2@demo.barrio.ar', approvedAt - 1000)
  expect(mail.subject).toBe('Ya podés vender en Barrio')

  // Diego signs in and finds his first store in the seller's panel; he removes it again (it has
  // no orders), so the demo the other journeys walk stays as it was.
  const diego = await (
    await browser.newContext({ locale: 'es-AR', viewport: { width: 1280, height: 900 } })
  ).newPage()
  await diego.goto('/')
  await signInFromModal(diego, 'vecino.diego2', 'Diego')
  await diego.goto('/admin/stores')
  await diego
    .getByRole('link', { name: /Verdulería Romero/ })
    .first()
    .click()
  await expect(diego.getByRole('heading', { name: 'Editar tienda' })).toBeVisible()
  await diego.getByRole('button', { name: 'Eliminar tienda' }).click()
  await diego.getByRole('button', { name: 'Confirmar' }).click()
  await expect(diego.getByText(/Eliminaste la tienda Verdulería Romero/)).toBeVisible()
  await diego.context().close()

  // A shop sells what it should not. A customer nearby still finds it…
  const customer = await (
    await browser.newContext({ locale: 'es-AR', viewport: { width: 1280, height: 900 } })
  ).newPage()
  const nearby = await homeInPalermo(customer)
  await expect(nearby.getByRole('link', { name: /Tostadero Soho/ }).first()).toBeVisible()
  await customer.goto('/shops/libreria-el-aleph')
  await expect(customer.getByRole('heading', { level: 1, name: 'Librería El Aleph' })).toBeVisible()
  // …until the operator suspends it, with a reason its team will read.
  await page.goto('/operator/stores')
  await page.getByLabel('Buscar tiendas').fill('Aleph')
  await page.getByRole('button', { name: 'Acciones de Librería El Aleph' }).click()
  await page.getByRole('menuitem', { name: 'Suspender' }).click()
  await page.getByLabel('Motivo de la suspensión').fill('Vende libros sin factura, en revisión.')
  await page
    .getByRole('dialog', { name: 'Suspender Librería El Aleph' })
    .getByRole('button', { name: 'Suspender' })
    .click()
  await expect(page.getByText('Suspendiste Librería El Aleph.')).toBeVisible()
  try {
    // At once: its page is gone, and so is it from the shops near the customer.
    await customer.reload()
    await expect(
      customer.getByRole('heading', { level: 1, name: 'No encontramos este comercio' }),
    ).toBeVisible()
    // The address chosen before is kept on the device: the home lists the shops near it again.
    await customer.goto('/')
    await closeLoginModal(customer)
    const after = customer.getByRole('region', { name: 'Comercios cerca tuyo' })
    await expect(after.getByRole('link', { name: /Tostadero Soho/ }).first()).toBeVisible()
    await expect(after.getByText('Librería El Aleph')).toHaveCount(0)
  } finally {
    // Back for the journeys that follow.
    await page.getByRole('button', { name: 'Acciones de Librería El Aleph' }).click()
    await page.getByRole('menuitem', { name: 'Reactivar' }).click()
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText('Reactivaste Librería El Aleph.')).toBeVisible()
    await customer.context().close()
  }
})
