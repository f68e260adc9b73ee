import { expect, test, type Page } from './fixtures.ts'
import { closeLoginModal, latestEmail } from './support.ts'

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

async function register(page: Page, tag: string) {
  const email = `lu.${tag}@example.com`
  const dialog = page.getByRole('dialog')
  await dialog.getByText('Crear cuenta', { exact: true }).click()
  const form = dialog.getByRole('form', { name: 'Crear cuenta' })
  await form.getByLabel('Nombre', { exact: false }).first().fill('Lucía')
  await form.getByLabel('Apellido').fill('Fernández')
  await form.getByLabel('Usuario').fill(`lu_${tag}`)
  await form.getByRole('textbox', { name: 'Teléfono' }).fill('11 5555-1234')
  await form.getByLabel('Correo electrónico').fill(email)
  await form.getByLabel(/^Contraseña/).fill('mate-con-bizcochitos')
  await form.getByLabel('Repetir contraseña').fill('mate-con-bizcochitos')
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  // The new account is signed in at once (issue 30): the toast says so and the dialog closes.
  await expect(
    page.getByText(`Cuenta creada exitosamente (${email}). Ya iniciaste sesión.`),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  return { email, userName: `lu_${tag}` }
}

test('a visitor registers, is signed in, and is welcomed back after a reload', async ({ page }) => {
  await page.goto('/')
  await register(page, unique())
  await page.reload()
  await expect(page.getByText('Bienvenido de nuevo, Lucía!')).toBeVisible()
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('a newcomer signs in with a code sent by real SMTP and completes the profile', async ({
  page,
}) => {
  const email = `codigo.${unique()}@example.com`
  const since = Date.now()
  await page.goto('/')
  // The modal's title follows its view, so it is found by role alone.
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Ingresar con un código por correo' }).click()
  await dialog.getByLabel('Correo electrónico').fill(email)
  await dialog.getByRole('button', { name: 'Enviarme el código' }).click()
  const mail = await latestEmail(email, since - 1)
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!
  await dialog.getByRole('textbox', { name: 'Dígito 1 de 6' }).fill(code)
  await dialog.getByRole('button', { name: 'Verificar código' }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Mi cuenta', level: 1 })).toBeVisible()
})

test('a customer verifies the e-mail, applies to become a merchant and lands in the seller area', async ({
  page,
}) => {
  const tag = unique()
  const since = Date.now()
  await page.goto('/')
  const { email } = await register(page, tag)
  // Selling needs a verified e-mail: open the link of the welcome e-mail (docs/decisions/010).
  const welcome = await latestEmail(email, since - 1)
  const link = new URL(/https?:\/\/\S+\/account\/verify-email\?token=\S+/.exec(welcome.text)![0])
  await page.goto(link.pathname + link.search)
  await expect(page.getByText('¡Listo! Tu correo está verificado')).toBeVisible()
  await page.goto('/account')
  await expect(
    page.getByRole('region', { name: 'Correo electrónico' }).getByText('Verificado'),
  ).toBeVisible()
  const form = page.getByRole('form', { name: 'Quiero vender en Barrio' })
  await form.getByLabel('Nombre del comercio').fill(`Almacén ${tag}`)
  await form.getByLabel('CUIT').fill('20123456786')
  await form.getByLabel(/^Rubro/).click()
  await page.getByRole('option', { name: 'Almacén' }).click()
  await form.getByLabel('Calle').fill('Av. Corrientes')
  await form.getByLabel('Altura').fill('1234')
  await form.getByLabel('Localidad').fill('CABA')
  await form.getByLabel(/^Provincia/).click()
  await page.getByRole('option', { name: 'Ciudad Autónoma de Buenos Aires' }).click()
  const phone = form.getByRole('textbox', { name: 'Teléfono del comercio' })
  if (!(await phone.inputValue())) await phone.fill('11 5555-1234')
  // The shop's point: a place from the lookup, the pin adjusted from the keyboard and confirmed.
  await form.getByLabel(/^Buscar la dirección del comercio/).fill('Caballito')
  await form.getByRole('button', { name: 'Buscar', exact: true }).click()
  await form
    .getByRole('button', { name: 'Usar Caballito, Ciudad Autónoma de Buenos Aires, Argentina' })
    .click()
  await expect(form.getByRole('region', { name: 'Mapa con el pin de tu comercio' })).toBeVisible()
  const openMap = form.getByRole('link', { name: 'Ver el pin en OpenStreetMap' })
  const before = await openMap.getAttribute('href')
  await form.getByRole('button', { name: 'Mover el pin hacia el norte' }).focus()
  await page.keyboard.press('Enter')
  await expect(openMap).not.toHaveAttribute('href', before!)
  await form.getByRole('checkbox', { name: 'El pin marca la puerta de mi comercio' }).check()
  await form.getByRole('button', { name: 'Enviar solicitud' }).click()
  await expect(page.getByText('¡Tu comercio ya está habilitado!')).toBeVisible()
  await page.getByRole('link', { name: 'Ir al panel de vendedor' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

test('the seller demo account signs in and sees the seller area; a closed modal resets', async ({
  page,
}) => {
  await page.goto('/')
  const login = page.getByRole('form', { name: 'Iniciar sesión' })
  await login.getByLabel('Usuario o correo electrónico').fill('algo')
  await closeLoginModal(page)
  await page.getByRole('banner').getByRole('button', { name: 'Ingresar' }).click()
  await expect(login.getByLabel('Usuario o correo electrónico')).toHaveValue('')
  await login.getByLabel('Usuario o correo electrónico').fill('vendedor')
  await login.getByLabel(/^Contraseña/).fill('demo1234')
  await login.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByText('Bienvenido, Valeria!')).toBeVisible()
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})
