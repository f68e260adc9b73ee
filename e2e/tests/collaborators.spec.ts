import { expect, test } from './fixtures.ts'

import { closeLoginModal, latestEmail, sellerAtTostadero } from './support'

/**
 * Issue 14, decision 029: the owner invites a staff member by e-mail; they open the link from the
 * e-mail, create their account on the way, accept, and work the orders but cannot open settings.
 */
test('the owner invites a staff member who accepts from the e-mail and may work orders, not settings', async ({
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `equipo.${tag}@example.com`
  const owner = await sellerAtTostadero(browser, '/admin/collaborators')
  await expect(owner.getByRole('heading', { name: 'Colaboradores', level: 1 })).toBeVisible()
  await owner.getByRole('button', { name: 'Invitar' }).click()
  const form = owner.getByRole('form', { name: 'Invitar al equipo' })
  await form.getByRole('button', { name: 'Enviar invitación' }).click()
  await expect(form.getByText('Ingresá el correo')).toBeVisible()
  await form.getByLabel('Correo electrónico').fill(email)
  const sentAt = Date.now() - 1000
  await form.getByRole('button', { name: 'Enviar invitación' }).click()
  await expect(owner.getByText(email).first()).toBeVisible()
  await expect(owner.getByText('Invitación pendiente').first()).toBeVisible()

  const mail = await latestEmail(email, sentAt)
  expect(mail.subject).toBe('Te invitaron al equipo de Tostadero Soho')
  const link = /\/invitations\/[\w-]+/.exec(mail.text)?.[0]
  expect(link).toBeTruthy()

  const staff = await (
    await browser.newContext({ locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' })
  ).newPage()
  await staff.goto(link!)
  await closeLoginModal(staff)
  await expect(staff.getByText('Tostadero Soho')).toBeVisible()
  await expect(staff.getByText(/como Personal/)).toBeVisible()
  await staff.getByRole('button', { name: 'Creá tu cuenta' }).click()
  const dialog = staff.getByRole('dialog').filter({ hasText: 'Crear cuenta' })
  const signup = dialog.getByRole('form', { name: 'Crear cuenta' })
  await signup.getByLabel('Nombre', { exact: false }).first().fill('Tomás')
  await signup.getByLabel('Apellido').fill('Ruiz')
  await signup.getByLabel('Usuario').fill(`tomas_${tag}`)
  await signup.getByRole('textbox', { name: 'Teléfono' }).fill('11 5555-4321')
  await signup.getByLabel('Correo electrónico').fill(email)
  await signup.getByLabel(/^Contraseña/).fill('mate-con-bizcochitos')
  await signup.getByLabel('Repetir contraseña').fill('mate-con-bizcochitos')
  await signup.getByRole('button', { name: 'Crear cuenta' }).click()
  // Registering signs the new account in (issue 30): the dialog closes on its own.
  await expect(dialog).toBeHidden()

  await staff.getByRole('button', { name: 'Aceptar invitación' }).click()
  await expect(staff).toHaveURL(/\/admin\/dashboard$/)
  const nav = staff.getByRole('navigation', { name: 'Secciones del vendedor' })
  await expect(nav.getByRole('link', { name: 'Pedidos' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Configuración' })).toHaveCount(0)

  // Orders: the list opens, and an order's detail with its actions.
  await nav.getByRole('link', { name: 'Pedidos' }).click()
  await expect(staff.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible()
  const firstOrder = staff.getByRole('link', { name: /^Pedido #\d+/ }).first()
  await firstOrder.click()
  await expect(staff.getByRole('list', { name: 'Historial del pedido' })).toBeVisible()

  // Settings: refused with the reason, by the page and by the API.
  await staff.goto('/admin/settings/shipping')
  await expect(staff.getByRole('heading', { name: 'Sin acceso' })).toBeVisible()
  await expect(
    staff.getByText(/Solo el dueño o un encargado pueden cambiar la configuración/),
  ).toBeVisible()
  // Still signed in: a role's limit is not a lost session.
  await expect(staff.getByRole('link', { name: 'Mi cuenta' })).toBeVisible()
})
