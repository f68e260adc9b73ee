import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { FAKE_ARCA_CONTROL_PORT } from '../playwright.config.ts'
import { expect, test } from './fixtures.ts'
import { buyAtTostadero, sellerAtTostadero } from './support.ts'

/**
 * Electronic invoices through ARCA (issue 27, decision 054), against the loopback WSAA and
 * WSFEv1 of support/fake-arca.ts. The demo seller gives Tostadero Soho its fiscal data and an ARCA
 * certificate (the CSR made in Barrio, the certificate issued by the fake's control port as
 * ARCA's web would), a new customer buys and the seller marks the order paid and presses
 * "Facturar" on its page; the customer downloads the invoice from their order page, and the PDF
 * carries the CAE ARCA gave. Manual invoicing: the demo store's other orders stay uninvoiced.
 */
const CUIT = '20111111112'
const control = `http://127.0.0.1:${FAKE_ARCA_CONTROL_PORT}`

test('a customer downloads the invoice of a paid order, and its PDF carries the CAE', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const seller = await sellerAtTostadero(browser, '/admin/settings/taxes')
  const stores = (await (await seller.request.get('/api/v1/admin/stores')).json()) as {
    docs: Array<{ _id: string; name: string }>
  }
  const headers = { 'x-store-id': stores.docs.find((s) => s.name === 'Tostadero Soho')!._id }

  // The store's fiscal data and certificate, as the Impuestos page sends them.
  const saved = await seller.request.put('/api/v1/admin/store_settings_fiscal', {
    headers,
    data: {
      legalName: 'Tostadero Soho S.R.L.',
      cuit: CUIT,
      vatCondition: 'responsable_inscripto',
      fiscalAddress: 'Honduras 4800, CABA',
      grossIncomeNumber: '901-765432-1',
      activityStartDate: '2019-05-01',
      pointOfSale: 3,
      invoicingMode: 'manual',
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const { csrPem } = (await (
    await seller.request.post('/api/v1/admin/store_settings_fiscal/csr', { headers, data: {} })
  ).json()) as { csrPem: string }
  const certificatePem = await (
    await seller.request.post(`${control}/certificate`, { data: { csrPem } })
  ).text()
  await seller.request.post(`${control}/point-of-sale`, { data: { cuit: CUIT, pointOfSale: 3 } })
  const uploaded = await seller.request.post('/api/v1/admin/store_settings_fiscal/certificate', {
    headers,
    data: { certificatePem },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(200)

  // A new customer buys, paying cash; the seller takes the money.
  await buyAtTostadero(page)
  const orderId = /\/orders\/([0-9a-f-]{36})/.exec(page.url())![1]!
  const paid = await seller.request.post(`/api/v1/admin/orders/${orderId}/mark-as-paid`, {
    headers,
  })
  expect(paid.status(), await paid.text()).toBe(200)

  // "Facturar" on the order's page; ARCA's answer shows as the voucher's number.
  await seller.goto(`/admin/orders/${orderId}`)
  await seller.getByRole('button', { name: 'Facturar' }).click()
  await expect(seller.getByText(/Factura B 00003-\d{8}/).first()).toBeVisible()

  // The customer's order page offers the PDF; its text carries the CAE.
  const { docs } = (await (
    await page.request.get(`/api/v1/orders/${orderId}/invoices`)
  ).json()) as { docs: Array<{ cae: string; label: string }> }
  expect(docs).toHaveLength(1)
  await page.goto(`/orders/${orderId}`)
  const link = page.getByRole('link', { name: `Descargar ${docs[0]!.label} (PDF)` })
  await expect(link).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'barrio-invoice-')), 'factura.pdf')
  await download.saveAs(file)
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  expect(text).toContain(docs[0]!.cae)
  expect(text).toContain('20-11111111-2')
  expect(text).toMatch(/FACTURA/)
})
