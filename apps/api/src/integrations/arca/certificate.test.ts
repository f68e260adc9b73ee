import forge from 'node-forge'
import { describe, expect, it } from 'vitest'
import { startFakeArca } from '../../../test/fake-arca.ts'
import { ArcaCertificateError, generateKeyAndCsr, inspectCertificate } from './certificate.ts'

describe('ARCA certificate', () => {
  it('makes a 2048-bit key and a CSR with the subject ARCA asks for', () => {
    const { privateKeyPem, csrPem } = generateKeyAndCsr({
      cuit: '20-12345678-6',
      legalName: 'Almacén Tito S.R.L.',
      alias: 'barrio-tito',
    })
    const csr = forge.pki.certificationRequestFromPem(csrPem)
    expect(csr.verify()).toBe(true)
    const subject = Object.fromEntries(csr.subject.attributes.map((a) => [a.type, a.value]))
    expect(subject['2.5.4.6']).toBe('AR')
    expect(forge.util.decodeUtf8(String(subject['2.5.4.10']))).toBe('Almacén Tito S.R.L.')
    expect(subject['2.5.4.3']).toBe('barrio-tito')
    expect(subject['2.5.4.5']).toBe('CUIT 20123456786')
    const key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey
    expect(key.n.bitLength()).toBe(2048)
  })

  it('refuses a CUIT without 11 digits', () => {
    expect(() => generateKeyAndCsr({ cuit: '2012345', legalName: 'X', alias: 'x' })).toThrow(ArcaCertificateError)
  })

  it('reads the CUIT, the validity and whether the key matches from the certificate ARCA issues', async () => {
    const arca = await startFakeArca()
    try {
      const mine = generateKeyAndCsr({ cuit: '20123456786', legalName: 'Almacén Tito', alias: 'tito' })
      const other = generateKeyAndCsr({ cuit: '20123456786', legalName: 'Almacén Tito', alias: 'tito' })
      const notAfter = new Date('2028-03-01T12:00:00Z')
      const certPem = arca.issueCertificate(mine.csrPem, { notBefore: new Date('2026-03-01T12:00:00Z'), notAfter })
      const info = inspectCertificate(certPem, mine.privateKeyPem)
      expect(info).toEqual({
        subjectCuit: '20123456786',
        notBefore: new Date('2026-03-01T12:00:00Z'),
        notAfter,
        matchesKey: true,
      })
      expect(inspectCertificate(certPem, other.privateKeyPem).matchesKey).toBe(false)
      expect(inspectCertificate(certPem).matchesKey).toBeNull()
      // The razón social survives ARCA's round trip (UTF-8 in the subject).
      const cert = forge.pki.certificateFromPem(certPem)
      expect(forge.util.decodeUtf8(String(cert.subject.getField('O')?.value))).toBe('Almacén Tito')
    } finally {
      await arca.close()
    }
  })

  it('says in Spanish when the file is not a certificate or the key is not a key', () => {
    const { csrPem, privateKeyPem } = generateKeyAndCsr({ cuit: '20123456786', legalName: 'X', alias: 'x' })
    expect(() => inspectCertificate(csrPem)).toThrow(new ArcaCertificateError('El archivo no es un certificado válido'))
    expect(() => inspectCertificate('hola')).toThrow(ArcaCertificateError)
    expect(() => inspectCertificate(privateKeyPem)).toThrow('El archivo no es un certificado válido')
  })
})
