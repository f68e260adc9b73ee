import { expect, test, type Page } from './fixtures.ts'
import { crawl, goClientSide, type Role } from './crawl.ts'

/** Issue 10: no page may be wider than a 360 px or a 320 px phone. */
const WIDTHS = [360, 320]

/** How far the page overflows at `width`, and the elements that stick out furthest. */
async function measure(page: Page, width: number) {
  await page.setViewportSize({ width, height: 740 })
  // Two frames: the resize, then the layout it causes.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  )
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth
    const culprits =
      overflow > 0
        ? Array.from(document.querySelectorAll('body *'))
            .map((el) => ({ el, right: el.getBoundingClientRect().right }))
            .filter(({ right }) => right > window.innerWidth + 0.5)
            .sort((a, b) => b.right - a.right)
            .slice(0, 3)
            .map(({ el, right }) => {
              const text = (el.textContent ?? '').trim().slice(0, 40)
              return `<${el.tagName.toLowerCase()} class="${el.className}"> ${Math.round(right)} px "${text}"`
            })
        : []
    return { overflow, culprits }
  })
}

for (const role of ['visitor', 'customer', 'seller'] as const satisfies readonly Role[]) {
  test(`every page fits 360 and 320 px without sideways scrolling (${role})`, async ({ page }) => {
    test.setTimeout(400_000)
    const found: string[] = []
    await crawl(page, role, async (where) => {
      for (const width of WIDTHS) {
        const { overflow, culprits } = await measure(page, width)
        if (overflow > 0)
          found.push(
            `${where} at ${width} px: ${overflow} px too wide\n    ${culprits.join('\n    ')}`,
          )
      }
      await page.setViewportSize({ width: 360, height: 740 })
    })
    expect(found, found.join('\n')).toEqual([])
  })
}

test('a long e-mail wraps on the account page', async ({ page }) => {
  test.setTimeout(120_000)
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `lucia.fernandez.del.barrio.de.palermo.${tag}@un-correo-bastante-largo.com.ar`
  await page.goto('/')
  // The login modal greets the visitor; its title follows the chosen tab.
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
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
  // Registering signs the new account in (issue 30): the dialog closes on its own.
  await expect(dialog).toBeHidden()
  // Signed in (on a phone toasts queue one at a time, so the header says it, not the toast).
  await expect(page.getByRole('banner').getByRole('link', { name: 'Mi cuenta' })).toBeVisible()
  await goClientSide(page, '/account')
  await expect(page.getByText(`Ingresaste como ${email}.`)).toBeVisible()
  for (const width of WIDTHS) {
    const { overflow, culprits } = await measure(page, width)
    expect(overflow, culprits.join('\n')).toBeLessThanOrEqual(0)
  }
})
