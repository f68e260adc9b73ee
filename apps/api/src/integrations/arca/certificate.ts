import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto'
import forge from 'node-forge'

/** A certificate (or key) the seller uploaded that cannot be used with ARCA; the message is for them. */
export class ArcaCertificateError extends Error {
  override readonly name = 'ArcaCertificateError'
}

/**
 * A new RSA 2048 key and the CSR the seller uploads to ARCA's "Administración de certificados
 * digitales": subject C=AR, O=<razón social>, CN=<alias>, serialNumber=CUIT <11 digits>, as ARCA's
 * WSAA manual asks. The key comes from node:crypto (forge's own RSA generation is pure JS and slow).
 */
export function generateKeyAndCsr(input: { cuit: string; legalName: string; alias: string }): {
  privateKeyPem: string
  csrPem: string
} {
  const cuit = input.cuit.replace(/\D/g, '')
  if (cuit.length !== 11) throw new ArcaCertificateError('El CUIT tiene que tener 11 dígitos')
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const forgeKey = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey
  const csr = forge.pki.createCertificationRequest()
  csr.publicKey = forge.pki.rsa.setPublicKey(forgeKey.n, forgeKey.e)
  csr.setSubject([
    { name: 'countryName', value: 'AR' },
    { name: 'organizationName', value: input.legalName, valueTagClass: forge.asn1.Type.UTF8 },
    { name: 'commonName', value: input.alias, valueTagClass: forge.asn1.Type.UTF8 },
    { type: '2.5.4.5', value: `CUIT ${cuit}` },
  ] as forge.pki.CertificateField[])
  csr.sign(forgeKey, forge.md.sha256.create())
  return { privateKeyPem, csrPem: forge.pki.certificationRequestToPem(csr) }
}

/** The CUIT in a subject's serialNumber ("CUIT 20123456786"), as ARCA writes it. */
export function cuitOfSubject(attributes: forge.pki.CertificateField[]): string | null {
  const serial = attributes.find((a) => a.type === '2.5.4.5')
  const match = typeof serial?.value === 'string' ? /CUIT\s*(\d{11})/i.exec(serial.value) : null
  return match?.[1] ?? null
}

export function parseCertificate(certPem: string): forge.pki.Certificate {
  try {
    return forge.pki.certificateFromPem(certPem)
  } catch {
    throw new ArcaCertificateError('El archivo no es un certificado válido')
  }
}

/**
 * What the app needs to know of an uploaded certificate: whose CUIT it is, its validity window and,
 * given the stored private key, whether they belong together (a certificate for another key cannot
 * sign WSAA's ticket request).
 */
export function inspectCertificate(
  certPem: string,
  privateKeyPem?: string,
): { subjectCuit: string | null; notBefore: Date; notAfter: Date; matchesKey: boolean | null } {
  const cert = parseCertificate(certPem)
  let matchesKey: boolean | null = null
  if (privateKeyPem !== undefined) {
    let publicOfKey: Buffer
    try {
      publicOfKey = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' })
    } catch {
      throw new ArcaCertificateError('La clave privada no es válida')
    }
    const certPublic = createPublicKey(forge.pki.publicKeyToPem(cert.publicKey)).export({ type: 'spki', format: 'der' })
    matchesKey = publicOfKey.equals(certPublic)
  }
  return {
    subjectCuit: cuitOfSubject(cert.subject.attributes),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    matchesKey,
  }
}
