import { describe, expect, it } from 'vitest'
import { arcaQrUrl, decodeArcaQrUrl } from './qr.ts'

describe('ARCA voucher QR', () => {
  it('writes the specification’s versioned JSON, base64 in p of ARCA’s URL', () => {
    const url = arcaQrUrl({
      date: '2026-11-29',
      cuit: '20-12345678-6',
      pointOfSale: 3,
      voucherType: 6,
      number: 12,
      totalCents: 177470610,
      docType: 96,
      docNumber: '30.111.222',
      cae: '76123456789012',
    })
    expect(url.startsWith('https://www.arca.gob.ar/fe/qr/?p=')).toBe(true)
    const json = Buffer.from(url.split('?p=')[1]!, 'base64').toString('utf8')
    expect(json).toBe(
      '{"ver":1,"fecha":"2026-11-29","cuit":20123456786,"ptoVta":3,"tipoCmp":6,"nroCmp":12,"importe":1774706.1,' +
        '"moneda":"PES","ctz":1,"tipoDocRec":96,"nroDocRec":30111222,"tipoCodAut":"E","codAut":76123456789012}',
    )
    expect(decodeArcaQrUrl(url)).toEqual({
      ver: 1,
      fecha: '2026-11-29',
      cuit: 20123456786,
      ptoVta: 3,
      tipoCmp: 6,
      nroCmp: 12,
      importe: 1774706.1,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: 96,
      nroDocRec: 30111222,
      tipoCodAut: 'E',
      codAut: 76123456789012,
    })
  })

  it('writes exact amounts from centavos and a consumidor final as 99 / 0', () => {
    const data = decodeArcaQrUrl(
      arcaQrUrl({ date: '2026-01-02', cuit: '20123456786', pointOfSale: 1, voucherType: 11, number: 1, totalCents: 5, docType: 99, docNumber: '0', cae: '86372444134504' }),
    )
    expect(data).toMatchObject({ importe: 0.05, tipoDocRec: 99, nroDocRec: 0, tipoCmp: 11 })
    expect(() => arcaQrUrl({ date: '2026-01-02', cuit: '1', pointOfSale: 1, voucherType: 11, number: 1, totalCents: 5, docType: 99, docNumber: '0', cae: '123' })).toThrow()
  })

  it('reads the older AFIP domain and refuses other URLs', () => {
    const p = Buffer.from('{"ver":1}').toString('base64')
    expect(decodeArcaQrUrl(`https://www.afip.gob.ar/fe/qr/?p=${p}`)).toEqual({ ver: 1 })
    expect(() => decodeArcaQrUrl(`https://example.com/fe/qr/?p=${p}`)).toThrow()
  })
})
