import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeArca, type FakeArca } from '../../../test/fake-arca.ts'
import { generateKeyAndCsr } from './certificate.ts'
import { ArcaError, arcaErrorInSpanish, createArcaClient, type ArcaAuth, type ArcaVoucher } from './client.ts'

const CUIT = '20123456786'
const OTHER_CUIT = '27234567891'
const POS = 3

/** Today in Argentina as YYYY-MM-DD (ARCA wants voucher dates within five days of the request). */
function today(): string {
  return new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10)
}

function invoiceB(number: number, overrides: Partial<ArcaVoucher> = {}): ArcaVoucher {
  return {
    pointOfSale: POS,
    voucherType: 6,
    number,
    date: today(),
    concept: 1,
    docType: 99,
    docNumber: '0',
    receiverVatConditionId: 5,
    totalCents: 121000,
    netTaxedCents: 100000,
    nonTaxedCents: 0,
    exemptCents: 0,
    vatCents: 21000,
    vatLines: [{ id: 5, baseCents: 100000, amountCents: 21000 }],
    ...overrides,
  }
}

async function rejection(promise: Promise<unknown>): Promise<ArcaError> {
  try {
    await promise
  } catch (err) {
    if (err instanceof ArcaError) return err
    throw err
  }
  throw new Error('expected an ArcaError')
}

describe('ARCA client against the loopback ARCA', () => {
  let arca: FakeArca
  let client: ReturnType<typeof createArcaClient>
  let store: { privateKeyPem: string; certificatePem: string }
  let auth: ArcaAuth

  beforeAll(async () => {
    arca = await startFakeArca()
    client = createArcaClient({ wsaaUrl: arca.wsaaUrl, wsfeUrl: arca.wsfeUrl, timeoutMs: 10_000 })
    const keys = generateKeyAndCsr({ cuit: CUIT, legalName: 'Almacén Tito S.R.L.', alias: 'barrio' })
    store = { privateKeyPem: keys.privateKeyPem, certificatePem: arca.issueCertificate(keys.csrPem) }
    arca.enablePointOfSale(CUIT, POS)
    const ticket = await client.login(store)
    auth = { token: ticket.token, sign: ticket.sign, cuit: CUIT }
  })
  afterAll(async () => {
    await arca?.close()
  })

  describe('WSAA', () => {
    it('logs in with a signed TRA and gets a ticket for about 12 hours; a second login is refused while it lives', async () => {
      const keys = generateKeyAndCsr({ cuit: OTHER_CUIT, legalName: 'Verdulería Ana', alias: 'ana' })
      const certificatePem = arca.issueCertificate(keys.csrPem)
      const before = arca.loginCount
      const ticket = await client.login({ certificatePem, privateKeyPem: keys.privateKeyPem })
      expect(ticket.token.length).toBeGreaterThan(100)
      expect(ticket.sign.length).toBeGreaterThan(100)
      const hours = (ticket.expiresAt.getTime() - Date.now()) / 3600_000
      expect(hours).toBeGreaterThan(11.9)
      expect(hours).toBeLessThanOrEqual(12)
      const again = await rejection(client.login({ certificatePem, privateKeyPem: keys.privateKeyPem }))
      expect(again).toMatchObject({ service: 'wsaa', code: 'coe.alreadyAuthenticated', transient: false })
      expect(again.message).toBe('El CEE ya posee un TA valido para el acceso al WSN solicitado')
      expect(arca.loginCount).toBe(before + 2)
      arca.allowRelogin = true
      try {
        await expect(client.login({ certificatePem, privateKeyPem: keys.privateKeyPem })).resolves.toHaveProperty('token')
      } finally {
        arca.allowRelogin = false
      }
    })

    it('refuses an expired certificate with cms.cert.expired, in a sentence for the seller', async () => {
      const keys = generateKeyAndCsr({ cuit: CUIT, legalName: 'Almacén Tito S.R.L.', alias: 'viejo' })
      const certificatePem = arca.issueCertificate(keys.csrPem, { notAfter: new Date(Date.now() - 86400_000) })
      const err = await rejection(client.login({ certificatePem, privateKeyPem: keys.privateKeyPem }))
      expect(err).toMatchObject({ service: 'wsaa', code: 'cms.cert.expired', transient: false, message: 'Certificado expirado' })
      expect(arcaErrorInSpanish(err)).toBe('El certificado de ARCA venció: subí uno nuevo en Impuestos')
    })

    it('refuses a certificate another CA issued (cms.cert.untrusted)', async () => {
      const elsewhere = await startFakeArca()
      try {
        const keys = generateKeyAndCsr({ cuit: CUIT, legalName: 'Almacén Tito S.R.L.', alias: 'otro' })
        const certificatePem = elsewhere.issueCertificate(keys.csrPem)
        const err = await rejection(client.login({ certificatePem, privateKeyPem: keys.privateKeyPem }))
        expect(err).toMatchObject({ code: 'cms.cert.untrusted', transient: false })
      } finally {
        await elsewhere.close()
      }
    })

    it('refuses a TRA signed with a key that is not the certificate’s (cms.sign.invalid)', async () => {
      const keys = generateKeyAndCsr({ cuit: CUIT, legalName: 'Almacén Tito S.R.L.', alias: 'x' })
      const stranger = generateKeyAndCsr({ cuit: CUIT, legalName: 'Almacén Tito S.R.L.', alias: 'y' })
      const certificatePem = arca.issueCertificate(keys.csrPem)
      const err = await rejection(client.login({ certificatePem, privateKeyPem: stranger.privateKeyPem }))
      expect(err.code).toBe('cms.sign.invalid')
    })

    it('refuses a TRA whose time window has passed', async () => {
      const keys = generateKeyAndCsr({ cuit: CUIT, legalName: 'Almacén Tito S.R.L.', alias: 'z' })
      const certificatePem = arca.issueCertificate(keys.csrPem)
      const err = await rejection(
        client.login({ certificatePem, privateKeyPem: keys.privateKeyPem, now: new Date(Date.now() - 3600_000) }),
      )
      expect(err.code).toBe('xml.expirationTime.expired')
    })
  })

  describe('WSFEv1', () => {
    it('numbers vouchers per point of sale and type, and authorizes only the next one', async () => {
      expect(await client.lastAuthorized(auth, POS, 6)).toBe(0)
      const first = await client.requestCae(auth, invoiceB(1))
      expect(first.cae).toMatch(/^7\d{13}$/)
      const due = new Date(`${today()}T00:00:00Z`)
      due.setUTCDate(due.getUTCDate() + 10)
      expect(first.caeDueDate).toBe(due.toISOString().slice(0, 10))
      expect(first.observations).toEqual([])
      expect(await client.lastAuthorized(auth, POS, 6)).toBe(1)
      expect(await client.lastAuthorized(auth, POS, 1)).toBe(0)
      expect(arca.authorized.at(-1)).toMatchObject({
        cuit: CUIT,
        pointOfSale: POS,
        voucherType: 6,
        number: 1,
        totalCents: 121000,
        netTaxedCents: 100000,
        vatCents: 21000,
        vatLines: [{ id: 5, baseCents: 100000, amountCents: 21000 }],
        receiverVatConditionId: 5,
        cae: first.cae,
      })
    })

    it('answers 10016 with ARCA’s text for a skipped number, and for a repeated one', async () => {
      const last = await client.lastAuthorized(auth, POS, 6)
      const skipped = await rejection(client.requestCae(auth, invoiceB(last + 2)))
      expect(skipped).toMatchObject({ service: 'wsfe', code: '10016', transient: false })
      expect(skipped.message).toBe(
        'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
      )
      expect(arcaErrorInSpanish(skipped)).toBe(`ARCA rechazó la factura: ${skipped.message} (código 10016)`)
      const repeated = await rejection(client.requestCae(auth, invoiceB(last)))
      expect(repeated.code).toBe('10016')
      expect(await client.lastAuthorized(auth, POS, 6)).toBe(last)
    })

    it('gives one CAE per number when two requests race for it', async () => {
      const next = (await client.lastAuthorized(auth, POS, 6)) + 1
      const results = await Promise.allSettled([client.requestCae(auth, invoiceB(next)), client.requestCae(auth, invoiceB(next))])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect((refused.reason as ArcaError).code).toBe('10016')
      expect(arca.authorized.filter((v) => v.voucherType === 6 && v.number === next)).toHaveLength(1)
    })

    it('authorizes an A invoice with 21 % and 10.5 % lines, amounts written exactly', async () => {
      const next = (await client.lastAuthorized(auth, POS, 1)) + 1
      const cae = await client.requestCae(auth, {
        ...invoiceB(next),
        voucherType: 1,
        docType: 80,
        docNumber: '30-71234567-1',
        receiverVatConditionId: 1,
        netTaxedCents: 100001,
        vatCents: 21000 + 5250,
        totalCents: 100001 + 26250,
        vatLines: [
          { id: 5, baseCents: 100000 - 49999, amountCents: 10500 },
          { id: 4, baseCents: 50000, amountCents: 5250 },
        ],
      }).catch((err: ArcaError) => err)
      // IVA lines that do not add up to ImpIVA: 10023. 50001 × 21 % = 10500.21 is within ARCA's margin.
      expect(cae).toBeInstanceOf(ArcaError)
      expect((cae as ArcaError).code).toBe('10023')
      const ok = await client.requestCae(auth, {
        ...invoiceB(next),
        voucherType: 1,
        docType: 80,
        docNumber: '30712345671',
        receiverVatConditionId: 1,
        netTaxedCents: 100001,
        vatCents: 10500 + 5250,
        totalCents: 100001 + 15750,
        vatLines: [
          { id: 5, baseCents: 50001, amountCents: 10500 },
          { id: 4, baseCents: 50000, amountCents: 5250 },
        ],
      })
      expect(ok.cae).toMatch(/^\d{14}$/)
      expect(arca.authorized.at(-1)).toMatchObject({ voucherType: 1, docNumber: '30712345671', totalCents: 115751 })
    })

    it('observes an A invoice to a monotributista (10217) but authorizes it', async () => {
      const next = (await client.lastAuthorized(auth, POS, 1)) + 1
      const result = await client.requestCae(auth, {
        ...invoiceB(next),
        voucherType: 1,
        docType: 80,
        docNumber: '20304050607',
        receiverVatConditionId: 6,
      })
      expect(result.observations).toEqual([{ code: 10217, message: expect.stringContaining('credito fiscal discriminado') }])
    })

    it('authorizes a C invoice without an IVA array, and refuses one that carries IVA (10071 / 10047)', async () => {
      const next = (await client.lastAuthorized(auth, POS, 11)) + 1
      const c: ArcaVoucher = {
        ...invoiceB(next),
        voucherType: 11,
        netTaxedCents: 45300,
        vatCents: 0,
        totalCents: 45300,
        vatLines: [{ id: 5, baseCents: 45300, amountCents: 0 }],
      }
      const ok = await client.requestCae(auth, c)
      expect(ok.cae).toMatch(/^\d{14}$/)
      expect(arca.authorized.at(-1)).toMatchObject({ voucherType: 11, vatLines: [], vatCents: 0, totalCents: 45300 })
      const withVat = await rejection(
        client.requestCae(auth, { ...c, number: next + 1, netTaxedCents: 37438, vatCents: 7862, totalCents: 45300 }),
      )
      expect(withVat.code).toBe('10047')
    })

    it('refuses a total that is not the sum of its parts (10048) and a receiver condition of another class (10243)', async () => {
      const next = (await client.lastAuthorized(auth, POS, 6)) + 1
      expect((await rejection(client.requestCae(auth, invoiceB(next, { totalCents: 121100 })))).code).toBe('10048')
      const wrongCondition = await rejection(client.requestCae(auth, invoiceB(next, { receiverVatConditionId: 1 })))
      expect(wrongCondition.code).toBe('10243')
      expect(arcaErrorInSpanish(wrongCondition)).toMatch(/^ARCA rechazó la factura: .+ \(código 10243\)$/)
      expect((await rejection(client.requestCae(auth, invoiceB(next, { receiverVatConditionId: 99 })))).code).toBe('10242')
      expect(await client.lastAuthorized(auth, POS, 6)).toBe(next - 1)
    })

    it('authorizes a credit note that names its invoice, and refuses one that names none (10197)', async () => {
      const invoiceNumber = (await client.lastAuthorized(auth, POS, 6)) + 1
      await client.requestCae(auth, invoiceB(invoiceNumber))
      const next = (await client.lastAuthorized(auth, POS, 8)) + 1
      const note = invoiceB(next, { voucherType: 8 })
      const none = await rejection(client.requestCae(auth, note))
      expect(none.code).toBe('10197')
      const associated = [{ voucherType: 6, pointOfSale: POS, number: invoiceNumber, cuit: CUIT, date: today() }]
      const ok = await client.requestCae(auth, { ...note, associated })
      expect(ok.observations).toEqual([])
      expect(arca.authorized.at(-1)).toMatchObject({
        voucherType: 8,
        number: next,
        associated: [{ voucherType: 6, pointOfSale: POS, number: invoiceNumber, cuit: CUIT, date: today() }],
      })
      // A credit note B cannot associate an A invoice (10040); an unknown own invoice is observed (10041).
      expect(
        (await rejection(client.requestCae(auth, { ...note, number: next + 1, associated: [{ ...associated[0]!, voucherType: 1 }] }))).code,
      ).toBe('10040')
      const unknown = await client.requestCae(auth, { ...note, number: next + 1, associated: [{ ...associated[0]!, number: 9999 }] })
      expect(unknown.observations.map((o) => o.code)).toEqual([10041])
      // The issuer's own invoice may be named without its CUIT (an empty one is not sent).
      const withoutCuit = await client.requestCae(auth, { ...note, number: next + 2, associated: [{ ...associated[0]!, cuit: '' }] })
      expect(withoutCuit.observations).toEqual([])
      expect(arca.authorized.at(-1)!.associated).toEqual([{ voucherType: 6, pointOfSale: POS, number: invoiceNumber, cuit: null, date: today() }])
    })

    it('refuses a voucher dated outside ARCA’s window (N-5..N+5 for products) with 10016', async () => {
      const next = (await client.lastAuthorized(auth, POS, 6)) + 1
      const old = new Date(Date.now() - 3 * 3600_000 - 8 * 86400_000).toISOString().slice(0, 10)
      const err = await rejection(client.requestCae(auth, invoiceB(next, { date: old })))
      expect(err.code).toBe('10016')
      expect(err.message).toMatch(/^Campo CbteFch Debe estar comprendido/)
      expect(await client.lastAuthorized(auth, POS, 6)).toBe(next - 1)
    })

    it('answers 11002 / 10005 for a point of sale that is not enabled for web services', async () => {
      const last = await rejection(client.lastAuthorized(auth, 7, 6))
      expect(last).toMatchObject({ code: '11002', transient: false, pointOfSale: 7 })
      expect(arcaErrorInSpanish(last)).toBe('El punto de venta 7 no está habilitado para factura electrónica')
      const cae = await rejection(client.requestCae(auth, { ...invoiceB(1), pointOfSale: 7 }))
      expect(cae.code).toBe('10005')
      expect(arcaErrorInSpanish(cae)).toBe('El punto de venta 7 no está habilitado para factura electrónica')
    })

    it('refuses a ticket for another CUIT (600) and a forged sign (600)', async () => {
      const notMine = await rejection(client.lastAuthorized({ ...auth, cuit: OTHER_CUIT }, POS, 6))
      expect(notMine).toMatchObject({ code: '600', message: `ValidacionDeToken: No apareció CUIT en lista de relaciones: ${OTHER_CUIT}` })
      const forged = await rejection(client.lastAuthorized({ ...auth, sign: Buffer.from('x'.repeat(256)).toString('base64') }, POS, 6))
      expect(forged.code).toBe('600')
      expect(forged.message).toMatch(/^ValidacionDeToken: Error al verificar hash:/)
    })

    it('finds a voucher whose CAE answer was lost (FECompConsultar), and null for a number never authorized', async () => {
      const next = (await client.lastAuthorized(auth, POS, 6)) + 1
      arca.loseNextCaeAnswer()
      const lost = await rejection(client.requestCae(auth, invoiceB(next, { docType: 96, docNumber: '30111222' })))
      expect(lost).toMatchObject({ code: 'network', transient: true })
      expect(await client.lastAuthorized(auth, POS, 6)).toBe(next)
      const recorded = arca.authorized.at(-1)!
      expect(await client.findAuthorized(auth, POS, 6, next)).toEqual({
        cae: recorded.cae,
        caeDueDate: recorded.caeDueDate,
        date: today(),
        totalCents: 121000,
        docType: 96,
        docNumber: '30111222',
      })
      expect(await client.findAuthorized(auth, POS, 6, next + 1)).toBeNull()
      expect(await client.health()).toEqual({ appServer: 'OK', dbServer: 'OK', authServer: 'OK' })
    })

    it('calls ARCA down (HTTP 503 or a SOAP server fault) transient, and unreachable too', async () => {
      arca.setDown(true)
      try {
        const http503 = await rejection(client.requestCae(auth, invoiceB(1)))
        expect(http503).toMatchObject({ service: 'wsfe', code: 'http.503', transient: true })
        expect(arcaErrorInSpanish(http503)).toBe('ARCA no responde; lo reintentamos en unos minutos')
        expect(await rejection(client.login(store))).toMatchObject({ service: 'wsaa', transient: true })
        arca.setDown(true, 'soap-fault')
        expect(await rejection(client.lastAuthorized(auth, POS, 6))).toMatchObject({ code: 'soap.server', transient: true })
        expect(await rejection(client.login(store))).toMatchObject({ code: 'wsn.unavailable', transient: true })
      } finally {
        arca.setDown(false)
      }
      const nowhere = createArcaClient({ wsaaUrl: 'http://127.0.0.1:9/x', wsfeUrl: 'http://127.0.0.1:9/y', timeoutMs: 10_000 })
      expect(await rejection(nowhere.lastAuthorized(auth, POS, 6))).toMatchObject({ code: 'network', transient: true })
    })
  })
})
