// Electronic invoices through ARCA (issue 27, part 3; decision 054), against the loopback WSAA and
// WSFEv1 of test/fake-arca.ts: the store's fiscal data and certificate, the invoice type by the
// parties' IVA conditions, numbering under concurrent paid orders, credit notes for refunds, ARCA
// down then back, and the PDF the customer downloads.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { invoices, outbox, storeFiscalSettings } from '../../db/schema/index.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startFakeArca } from '../../../test/fake-arca.ts'
import {
  confirmOrder,
  customerWithAddress,
  paidPickupOrder,
  shopForCheckout,
  signedInCustomer,
} from '../../../test/factories.ts'

type Fake = Awaited<ReturnType<typeof startFakeArca>>
type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Doc = {
  _id: string
  kind: string
  label: string
  letter: string
  voucherType: number
  number: number | null
  status: string
  total: number
  cae: string | null
  error: string | null
  pdfUrl: string | null
}

let app: TestApp
let arca: Fake
const WAIT = { timeout: 30_000, interval: 100 }
// CUITs with valid check digits.
const STORE_CUIT = '20111111112'
const MONO_CUIT = '27222222228'
const BUYER_CUIT = '30712345671'

beforeAll(async () => {
  // The fake judges ticket times by the app's clock (pinned to a Monday by the test app).
  arca = await startFakeArca({ now: () => app.clock.now() })
  app = await buildTestApp({ ARCA_WSAA_URL: arca.wsaaUrl, ARCA_WSFE_URL: arca.wsfeUrl })
})
afterAll(async () => {
  await app?.close()
  await arca?.close()
})

const fiscal = (cuit: string, overrides: Record<string, unknown> = {}) => ({
  legalName: 'Panadería Lola S.R.L.',
  cuit,
  vatCondition: 'responsable_inscripto',
  fiscalAddress: 'Av. Corrientes 1234, CABA',
  grossIncomeNumber: '901-123456-7',
  activityStartDate: '2020-03-01',
  pointOfSale: 3,
  invoicingMode: 'manual',
  ...overrides,
})

/** A shop with IVA 21 % included, its fiscal data saved and an ARCA certificate uploaded. */
async function invoicingShop(cuit: string, overrides: Record<string, unknown> = {}) {
  const shop = await shopForCheckout(app, {
    stock: 100,
    taxes: [{ name: 'IVA', rate: 21, appliesTo: 'all', included: true }],
  })
  const h = shop.seller.headers
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/store_settings_fiscal',
    headers: h,
    payload: fiscal(cuit, { ...overrides, invoicingMode: 'manual' }),
  })
  expect(saved.statusCode, saved.body).toBe(200)
  arca.enablePointOfSale(cuit, 3)
  const csr = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/store_settings_fiscal/csr',
    headers: h,
    payload: { alias: 'barrio-test' },
  })
  expect(csr.statusCode, csr.body).toBe(200)
  const certificatePem = arca.issueCertificate((csr.json() as { csrPem: string }).csrPem)
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/store_settings_fiscal/certificate',
    headers: h,
    payload: { certificatePem },
  })
  expect(uploaded.statusCode, uploaded.body).toBe(200)
  if (overrides.invoicingMode === 'automatic') {
    const auto = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/store_settings_fiscal',
      headers: h,
      payload: fiscal(cuit, overrides),
    })
    expect(auto.statusCode, auto.body).toBe(200)
  }
  return shop
}

const paidOrder = (
  shop: Shop,
  quantity = 1,
  billing?: { cuit: string; vatCondition: string; legalName: string },
) => paidPickupOrder(app, shop, { quantity, billing })

async function documents(shop: Shop, orderId: string): Promise<Doc[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders/${orderId}/invoices`,
    headers: shop.seller.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { docs: Doc[] }).docs
}

async function invoiceNow(shop: Shop, orderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/invoices`,
    headers: shop.seller.headers,
  })
  expect(res.statusCode, res.body).toBe(202)
  await app.outboxWorker.drain()
}

async function authorizedDocs(shop: Shop, orderId: string, count = 1): Promise<Doc[]> {
  return vi.waitFor(async () => {
    await app.outboxWorker.drain()
    const docs = await documents(shop, orderId)
    expect(docs.filter((d) => d.status === 'authorized')).toHaveLength(count)
    return docs
  }, WAIT)
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'barrio-invoice-'))
  const file = path.join(dir, 'invoice.pdf')
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

describe('fiscal settings and the ARCA certificate', () => {
  test('a wrong CUIT, a missing field and an automatic mode without certificate are refused in Spanish', async () => {
    const shop = await shopForCheckout(app)
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/store_settings_fiscal',
      headers: shop.seller.headers,
      payload: fiscal('20111111113', { fiscalAddress: '' }),
    })
    expect(bad.statusCode).toBe(400)
    const body = bad.json() as { code: string; errors: Array<{ name: string; message: string }> }
    expect(body.code).toBe('INVALID')
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { name: 'cuit', message: 'El CUIT no es válido (revisá el dígito verificador)' },
        { name: 'fiscalAddress', message: 'Ingresá el domicilio fiscal' },
      ]),
    )
    const automatic = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/store_settings_fiscal',
      headers: shop.seller.headers,
      payload: fiscal(STORE_CUIT, { invoicingMode: 'automatic' }),
    })
    expect(automatic.statusCode).toBe(409)
    expect(automatic.json()).toMatchObject({
      errors: [
        {
          name: 'invoicingMode',
          message: 'Para facturar solo, subí primero el certificado de ARCA.',
        },
      ],
    })
    const none = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_fiscal',
      headers: shop.seller.headers,
    })
    expect(none.json()).toEqual({ settings: null })
  })

  test('the key stays on the server; a certificate of another key or already expired is refused; the right one is active', async () => {
    const shop = await shopForCheckout(app)
    const h = shop.seller.headers
    await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/store_settings_fiscal',
      headers: h,
      payload: fiscal(STORE_CUIT),
    })
    const csr = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/store_settings_fiscal/csr',
        headers: h,
      })
    ).json() as { csrPem: string }
    expect(csr.csrPem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/)
    const download = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_fiscal/csr',
      headers: h,
    })
    expect(download.headers['content-disposition']).toContain('barrio-arca.csr')
    expect(download.body).toBe(csr.csrPem)
    const [row] = await app.db
      .select()
      .from(storeFiscalSettings)
      .where(eq(storeFiscalSettings.storeId, shop.seller.store._id))
    expect(row!.csrKeySealed).not.toContain('PRIVATE KEY')
    expect(download.body).not.toContain('PRIVATE')

    // A certificate ARCA issued for somebody else's CSR.
    const other = await shopForCheckout(app)
    await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/store_settings_fiscal',
      headers: other.seller.headers,
      payload: fiscal(STORE_CUIT),
    })
    const otherCsr = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/store_settings_fiscal/csr',
        headers: other.seller.headers,
      })
    ).json() as { csrPem: string }
    const upload = (certificatePem: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/store_settings_fiscal/certificate',
        headers: h,
        payload: { certificatePem },
      })
    const foreign = await upload(arca.issueCertificate(otherCsr.csrPem))
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({
      errors: [
        {
          name: 'certificatePem',
          message: 'El certificado no corresponde a la solicitud (CSR) que generaste en Barrio.',
        },
      ],
    })
    const expired = await upload(
      arca.issueCertificate(csr.csrPem, {
        notBefore: new Date('2024-01-01T00:00:00Z'),
        notAfter: new Date('2025-01-01T00:00:00Z'),
      }),
    )
    expect(expired.statusCode).toBe(400)
    expect((expired.json() as { message: string }).message).toBe(
      'El certificado venció el 01/01/2025. Pedile uno nuevo a ARCA.',
    )
    const garbage = await upload('no soy un certificado')
    expect(garbage.statusCode).toBe(400)
    expect((garbage.json() as { message: string }).message).toBe(
      'El archivo no es un certificado válido',
    )

    const good = await upload(arca.issueCertificate(csr.csrPem))
    expect(good.statusCode, good.body).toBe(200)
    expect(good.json()).toMatchObject({ certificate: { status: 'active', hasCsr: true } })
  })

  test('staff without the settings permission cannot read or change the fiscal data; another store is not reachable', async () => {
    const shop = await invoicingShop(STORE_CUIT)
    const stranger = await signedInCustomer(app)
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_fiscal',
      headers: { cookie: stranger.cookie, 'x-store-id': shop.seller.store._id },
    })
    expect(res.statusCode).toBe(403)
  })

  test('a certificate expiring within 30 days warns the store once', async () => {
    const shop = await invoicingShop(STORE_CUIT)
    await app.db
      .update(storeFiscalSettings)
      .set({ certificateNotAfter: new Date(app.clock.now().getTime() + 10 * 86_400_000) })
      .where(eq(storeFiscalSettings.storeId, shop.seller.store._id))
    expect(await app.invoicingService.warnExpiringCertificates(30)).toBeGreaterThanOrEqual(1)
    expect(await app.invoicingService.warnExpiringCertificates(30)).toBe(0)
    const emails = await app.db.select().from(outbox).where(eq(outbox.kind, 'email'))
    expect(
      emails.some((e) =>
        String((e.payload as { subject: string }).subject).startsWith(
          'Tu certificado de ARCA vence el',
        ),
      ),
    ).toBe(true)
    const settings = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_fiscal',
      headers: shop.seller.headers,
    })
    expect(settings.json()).toMatchObject({ settings: { certificate: { status: 'expiring' } } })
  })
})

describe('the invoice of a paid order', () => {
  test('a responsable inscripto invoices a consumidor final with a B: IVA 21 % inside the price, the CAE, an e-mail with the PDF', async () => {
    const shop = await invoicingShop(STORE_CUIT)
    const order = await paidOrder(shop, 2)
    // Manual mode: nothing until the seller says "Facturar".
    expect(await documents(shop, order._id)).toEqual([])
    await invoiceNow(shop, order._id)
    const [doc] = await authorizedDocs(shop, order._id)
    expect(doc).toMatchObject({ kind: 'invoice', letter: 'B', voucherType: 6, total: order.total })
    expect(doc!.label).toMatch(/^Factura B 00003-\d{8}$/)
    expect(doc!.cae).toMatch(/^\d{14}$/)
    const sent = arca.authorized.find((v) => v.cae === doc!.cae)!
    expect(sent).toMatchObject({ cuit: STORE_CUIT, pointOfSale: 3, voucherType: 6, docType: 99 })
    // 21 % inside: the base is total / 1.21 and the parts add up to the total.
    expect(sent.vatCents + sent.netTaxedCents + sent.nonTaxedCents).toBe(order.total)
    expect(sent.vatLines).toEqual([
      { id: 5, baseCents: sent.netTaxedCents, amountCents: sent.vatCents },
    ])
    // The base is the IVA over its rate, to the centavo (what WSFEv1 checks).
    expect(Math.abs(sent.netTaxedCents * 21 - sent.vatCents * 100)).toBeLessThanOrEqual(100)

    const [email] = (await app.db.select().from(outbox).where(eq(outbox.kind, 'email')))
      .map(
        (r) =>
          r.payload as {
            to: string
            subject: string
            attachments?: Array<{ contentType: string }>
          },
      )
      .filter((p) => p.to === order.customer.data.email && p.subject.startsWith('Factura B'))
    expect(email?.attachments?.[0]?.contentType).toBe('application/pdf')

    // The customer downloads it; another customer cannot.
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}/invoice.pdf`,
      headers: order.customer.headers,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    const text = pdfText(pdf.rawPayload)
    expect(text).toContain(doc!.cae!)
    expect(text).toContain(STORE_CUIT.replace(/^(\d{2})(\d{8})(\d)$/, '$1-$2-$3'))
    const stranger = await customerWithAddress(app)
    const theirs = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}/invoice.pdf`,
      headers: stranger.headers,
    })
    expect(theirs.statusCode).toBe(404)
  })

  test('a CUIT of a responsable inscripto at checkout gets a Factura A; a monotributista store issues C without IVA', async () => {
    const shop = await invoicingShop(STORE_CUIT)
    const order = await paidOrder(shop, 1, {
      cuit: BUYER_CUIT,
      vatCondition: 'responsable_inscripto',
      legalName: 'Café del Centro S.A.',
    })
    await invoiceNow(shop, order._id)
    const [a] = await authorizedDocs(shop, order._id)
    expect(a).toMatchObject({ letter: 'A', voucherType: 1 })
    expect(arca.authorized.find((v) => v.cae === a!.cae)).toMatchObject({
      docType: 80,
      docNumber: BUYER_CUIT,
      receiverVatConditionId: 1,
    })

    const mono = await invoicingShop(MONO_CUIT, { vatCondition: 'monotributo' })
    const monoOrder = await paidOrder(mono, 1, {
      cuit: BUYER_CUIT,
      vatCondition: 'responsable_inscripto',
      legalName: 'Café del Centro S.A.',
    })
    await invoiceNow(mono, monoOrder._id)
    const [c] = await authorizedDocs(mono, monoOrder._id)
    expect(c).toMatchObject({ letter: 'C', voucherType: 11 })
    const sentC = arca.authorized.find((v) => v.cae === c!.cae)!
    expect(sentC).toMatchObject({ vatCents: 0, vatLines: [], netTaxedCents: monoOrder.total })
  })

  test('twenty orders paid at once in an automatic store get twenty consecutive numbers, no gap, no duplicate', async () => {
    const shop = await invoicingShop(MONO_CUIT, {
      vatCondition: 'monotributo',
      invoicingMode: 'automatic',
      pointOfSale: 7,
    })
    arca.enablePointOfSale(MONO_CUIT, 7)
    const customers = await Promise.all(Array.from({ length: 20 }, () => customerWithAddress(app)))
    const placed: string[] = []
    for (const customer of customers) {
      const { response } = await confirmOrder(
        app,
        customer,
        [{ variantId: shop.manteca._id, quantity: 1 }],
        { deliveryType: 'pickup', paymentMethod: 'cash' },
      )
      expect(response.statusCode, response.body).toBe(200)
      placed.push((response.json() as { order: { _id: string } }).order._id)
    }
    const paid = await Promise.all(
      placed.map((id) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/admin/orders/${id}/mark-as-paid`,
          headers: shop.seller.headers,
        }),
      ),
    )
    expect(paid.map((r) => r.statusCode)).toEqual(placed.map(() => 200))
    // Each payment queued its task by trigger; all run at once, as several processes would.
    await Promise.allSettled(placed.map((id) => app.invoicingService.reconcile(id)))
    const numbers = await vi.waitFor(
      async () => {
        // The passes that found the numbering busy come back later, as the outbox retries them.
        for (const id of placed) await app.invoicingService.reconcile(id).catch(() => undefined)
        const rows = await app.db
          .select()
          .from(invoices)
          .where(
            and(eq(invoices.storeId, shop.seller.store._id), eq(invoices.status, 'authorized')),
          )
        expect(rows).toHaveLength(20)
        return rows.map((r) => r.number!).sort((x, y) => x - y)
      },
      { ...WAIT, timeout: 60_000 },
    )
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    const atArca = arca.authorized
      .filter((v) => v.cuit === MONO_CUIT && v.pointOfSale === 7 && v.voucherType === 11)
      .map((v) => v.number)
      .sort((x, y) => x - y)
    expect(atArca).toEqual(numbers)
  })

  test('a partial refund issues the matching credit note, referencing the invoice', async () => {
    const shop = await invoicingShop(STORE_CUIT, { invoicingMode: 'automatic' })
    const order = await paidOrder(shop, 3)
    const [invoice] = await authorizedDocs(shop, order._id)
    const refund = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order._id}/refund`,
      headers: shop.seller.headers,
      payload: { amount: 1000 },
    })
    expect(refund.statusCode, refund.body).toBe(200)
    const docs = await authorizedDocs(shop, order._id, 2)
    const note = docs.find((d) => d.kind === 'credit_note')!
    expect(note).toMatchObject({ letter: 'B', voucherType: 8, total: 1000 })
    const sent = arca.authorized.find((v) => v.cae === note.cae)!
    expect(sent.associated).toEqual([
      expect.objectContaining({ voucherType: 6, pointOfSale: 3, number: invoice!.number }),
    ])
    expect(sent.vatCents + sent.netTaxedCents + sent.nonTaxedCents).toBe(1000)
  })

  test('ARCA down: the invoice waits as "pendiente" with the reason in Spanish, and goes out once ARCA is back', async () => {
    const shop = await invoicingShop(STORE_CUIT)
    const order = await paidOrder(shop)
    arca.setDown(true)
    try {
      await invoiceNow(shop, order._id)
      const [waiting] = await vi.waitFor(async () => {
        const docs = await documents(shop, order._id)
        expect(docs[0]?.error).toBe('ARCA no responde; lo reintentamos en unos minutos')
        return docs
      }, WAIT)
      expect(waiting).toMatchObject({
        status: 'pending',
        label: 'Factura B (pendiente)',
        pdfUrl: null,
      })
    } finally {
      arca.setDown(false)
    }
    await invoiceNow(shop, order._id)
    const [doc] = await authorizedDocs(shop, order._id)
    expect(doc!.error).toBeNull()
    expect(doc!.pdfUrl).toBe(`/api/v1/admin/orders/${order._id}/invoices/${doc!._id}/pdf`)
    const pdf = await app.inject({ method: 'GET', url: doc!.pdfUrl!, headers: shop.seller.headers })
    expect(pdf.statusCode).toBe(200)
  })

  test('a CAE answer lost on the way is recovered from ARCA on the retry: one voucher, no second number', async () => {
    const shop = await invoicingShop(STORE_CUIT, { pointOfSale: 9 })
    arca.enablePointOfSale(STORE_CUIT, 9)
    const order = await paidOrder(shop)
    arca.loseNextCaeAnswer()
    await invoiceNow(shop, order._id)
    await vi.waitFor(async () => {
      const [doc] = await documents(shop, order._id)
      expect(doc?.error).toBe('ARCA no responde; lo reintentamos en unos minutos')
    }, WAIT)
    await invoiceNow(shop, order._id)
    const [doc] = await authorizedDocs(shop, order._id)
    const atArca = arca.authorized.filter((v) => v.cuit === STORE_CUIT && v.pointOfSale === 9)
    expect(atArca).toHaveLength(1)
    expect(atArca[0]).toMatchObject({ number: doc!.number, cae: doc!.cae })
  })

  test("an unpaid order, a store without fiscal data and another store's order are refused", async () => {
    const plain = await shopForCheckout(app)
    const customer = await customerWithAddress(app)
    const { response } = await confirmOrder(
      app,
      customer,
      [{ variantId: plain.manteca._id, quantity: 1 }],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    const orderId = (response.json() as { order: { _id: string } }).order._id
    const unpaid = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/invoices`,
      headers: plain.seller.headers,
    })
    expect(unpaid.statusCode).toBe(409)
    expect((unpaid.json() as { message: string }).message).toBe('Solo se factura un pedido pagado.')
    await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/mark-as-paid`,
      headers: plain.seller.headers,
    })
    const noFiscal = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/invoices`,
      headers: plain.seller.headers,
    })
    expect(noFiscal.statusCode).toBe(409)
    const other = await invoicingShop(STORE_CUIT)
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/invoices`,
      headers: other.seller.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })
})
