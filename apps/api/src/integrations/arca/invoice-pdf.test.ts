import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jsQR from 'jsqr'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { formatPesos, renderInvoicePdf, type InvoiceDocument } from './invoice-pdf.ts'
import { arcaQrUrl, decodeArcaQrUrl } from './qr.ts'

// pdftotext / pdfimages: Debian's poppler-utils.
const dir = mkdtempSync(join(tmpdir(), 'barrio-invoice-pdf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const issuer: InvoiceDocument['issuer'] = {
  legalName: 'Almacén Tito S.R.L.',
  cuit: '30712345671',
  vatCondition: 'IVA Responsable Inscripto',
  fiscalAddress: 'Av. Corrientes 1234, CABA',
  grossIncomeNumber: '901-123456-7',
  activityStartDate: '2019-03-01',
}

function document(overrides: Partial<InvoiceDocument>): InvoiceDocument {
  const base: InvoiceDocument = {
    issuer,
    letter: 'B',
    voucherType: 6,
    pointOfSale: 3,
    number: 12,
    date: '2026-11-29',
    receiver: { name: 'Consumidor final', docType: 99, docNumber: '0', vatCondition: 'Consumidor Final' },
    lines: [
      { description: 'Yerba mate 1 kg', quantity: 2, unitPriceCents: 450000, totalCents: 900000 },
      { description: 'Queso cremoso', quantity: 1.5, unitPriceCents: 823300, totalCents: 1234950 },
    ],
    netTaxedCents: 1764421,
    vatLines: [{ id: 5, baseCents: 1764421, amountCents: 370529 }],
    vatCents: 370529,
    totalCents: 2134950,
    cae: '76123456789012',
    caeDueDate: '2026-12-09',
    qrUrl: '',
  }
  const doc = { ...base, ...overrides }
  doc.qrUrl = arcaQrUrl({
    date: doc.date,
    cuit: doc.issuer.cuit,
    pointOfSale: doc.pointOfSale,
    voucherType: doc.voucherType,
    number: doc.number,
    totalCents: doc.totalCents,
    docType: doc.receiver.docType,
    docNumber: doc.receiver.docNumber,
    cae: doc.cae,
  })
  return doc
}

async function render(name: string, doc: InvoiceDocument) {
  const pdf = await renderInvoicePdf(doc)
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  const file = join(dir, `${name}.pdf`)
  writeFileSync(file, pdf)
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  execFileSync('pdfimages', ['-png', file, join(dir, name)])
  const images = readdirSync(dir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))
  expect(images).toHaveLength(1)
  // The QR with a white border around it, as a phone's camera would see it on paper.
  const { data, info } = await sharp(join(dir, images[0]!))
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const qr = jsQR(new Uint8ClampedArray(data), info.width, info.height)
  return { text, qr: qr?.data ?? null }
}

describe('invoice PDF', () => {
  it('formats es-AR money from centavos', () => {
    expect(formatPesos(123450)).toBe('$ 1.234,50')
    expect(formatPesos(5)).toBe('$ 0,05')
    expect(formatPesos(100000000)).toBe('$ 1.000.000,00')
  })

  it('renders a B invoice: letter, code, numbers, CAE, total, IVA contenido and a QR that reads back', async () => {
    const doc = document({})
    const { text, qr } = await render('factura-b', doc)
    expect(text).toContain('FACTURA')
    expect(text).toMatch(/\bB\b/)
    expect(text).toContain('Cód. 06')
    expect(text).toMatch(/Punto de venta: 00003\s+Comp\. Nro: 00000012/)
    expect(text).toContain('Fecha de emisión: 29/11/2026')
    expect(text).toContain('CUIT: 30-71234567-1')
    expect(text).toContain('Razón social: Almacén Tito S.R.L.')
    expect(text).toContain('Ingresos Brutos: 901-123456-7')
    expect(text).toContain('Inicio de actividades: 01/03/2019')
    expect(text).toContain('Consumidor final')
    expect(text).toContain('Queso cremoso')
    expect(text).toContain('1,5')
    expect(text).toContain('$ 8.233,00')
    expect(text).toContain('$ 12.349,50')
    expect(text).toContain('Importe total: $ 21.349,50')
    expect(text).toContain('IVA contenido: $ 3.705,29')
    // B shows no discriminated IVA nor net.
    expect(text).not.toContain('Importe neto gravado')
    expect(text).toContain('CAE: 76123456789012')
    expect(text).toContain('Vencimiento del CAE: 09/12/2026')
    expect(text).toContain('Comprobante autorizado por ARCA')
    expect(qr).toBe(doc.qrUrl)
    expect(decodeArcaQrUrl(qr!)).toEqual({
      ver: 1,
      fecha: '2026-11-29',
      cuit: 30712345671,
      ptoVta: 3,
      tipoCmp: 6,
      nroCmp: 12,
      importe: 21349.5,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: 99,
      nroDocRec: 0,
      tipoCodAut: 'E',
      codAut: 76123456789012,
    })
  })

  it('renders an A invoice with the net, each IVA rate and the receiver’s CUIT', async () => {
    const doc = document({
      letter: 'A',
      voucherType: 1,
      number: 7,
      receiver: { name: 'Bar La Esquina S.A.', docType: 80, docNumber: '30709876543', vatCondition: 'IVA Responsable Inscripto' },
      lines: [
        { description: 'Café en grano', quantity: 10, unitPriceCents: 100000, totalCents: 1000000 },
        { description: 'Pan', quantity: 4, unitPriceCents: 50000, totalCents: 200000 },
      ],
      netTaxedCents: 1200000,
      vatLines: [
        { id: 5, baseCents: 1000000, amountCents: 210000 },
        { id: 4, baseCents: 200000, amountCents: 21000 },
      ],
      vatCents: 231000,
      totalCents: 1431000,
      cae: '86372444134504',
      legends: ['Operación sujeta a control: texto de prueba de la leyenda.'],
    })
    const { text, qr } = await render('factura-a', doc)
    expect(text).toContain('Operación sujeta a control: texto de prueba de la leyenda.')
    expect(text).toContain('FACTURA')
    expect(text).toContain('Cód. 01')
    expect(text).toContain('Comp. Nro: 00000007')
    expect(text).toContain('CUIT: 30-70987654-3')
    expect(text).toContain('Bar La Esquina S.A.')
    expect(text).toContain('Importe neto gravado: $ 12.000,00')
    expect(text).toContain('IVA 21 %: $ 2.100,00')
    expect(text).toContain('IVA 10,5 %: $ 210,00')
    expect(text).toContain('Importe total: $ 14.310,00')
    expect(text).not.toContain('IVA contenido')
    expect(text).toContain('CAE: 86372444134504')
    expect(decodeArcaQrUrl(qr!)).toMatchObject({ tipoCmp: 1, nroCmp: 7, importe: 14310, tipoDocRec: 80, nroDocRec: 30709876543, codAut: 86372444134504 })
  })

  it('renders a C credit note with its associated invoice and the receiver’s DNI', async () => {
    const doc = document({
      letter: 'C',
      voucherType: 13,
      number: 2,
      receiver: { name: 'Ana Pérez', docType: 96, docNumber: '30111222', vatCondition: 'Consumidor Final' },
      lines: [{ description: 'Devolución: Queso cremoso', quantity: 1, unitPriceCents: 45300, totalCents: 45300 }],
      netTaxedCents: 45300,
      vatLines: [],
      vatCents: 0,
      totalCents: 45300,
      associated: { letter: 'C', voucherType: 11, pointOfSale: 3, number: 12 },
    })
    const { text, qr } = await render('nota-c', doc)
    expect(text).toContain('NOTA DE CRÉDITO')
    expect(text).toContain('Cód. 13')
    expect(text).toContain('Comprobante asociado: Factura C 00003-00000012')
    expect(text).toContain('DNI: 30111222')
    expect(text).toContain('Importe total: $ 453,00')
    expect(text).not.toMatch(/IVA \d|IVA contenido|neto gravado/)
    expect(decodeArcaQrUrl(qr!)).toMatchObject({ tipoCmp: 13, importe: 453, tipoDocRec: 96, nroDocRec: 30111222 })
  })

  it('continues the lines on a new page and prints the totals and the CAE once, after the last line', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => ({
      description: `Producto número ${i + 1}`,
      quantity: 1,
      unitPriceCents: 10000,
      totalCents: 10000,
    }))
    const doc = document({ lines, totalCents: 700000, netTaxedCents: 578512, vatCents: 121488, vatLines: [{ id: 5, baseCents: 578512, amountCents: 121488 }] })
    const pdf = await renderInvoicePdf(doc)
    const file = join(dir, 'largo.pdf')
    writeFileSync(file, pdf)
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    const pages = text.split('\f').filter((p) => p.trim() !== '')
    expect(pages.length).toBeGreaterThanOrEqual(2)
    for (const line of lines) expect(text).toContain(line.description)
    expect(text.match(/CAE: 76123456789012/g)).toHaveLength(1)
    expect(pages.at(-1)).toContain('Importe total: $ 7.000,00')
    expect(pages.at(-1)).toContain('Producto número 70')
  })
})
