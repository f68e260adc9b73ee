import forge from 'node-forge'
import { ArcaCertificateError, parseCertificate } from './certificate.ts'

const AR_OFFSET_MINUTES = -3 * 60

/** `2026-11-29T14:40:00-03:00`: ARCA's own timestamps are in Argentina's time with its offset. */
export function isoWithArgentinaOffset(date: Date): string {
  const local = new Date(date.getTime() + AR_OFFSET_MINUTES * 60_000)
  return `${local.toISOString().slice(0, 19)}-03:00`
}

/**
 * WSAA's Ticket de Requerimiento de Acceso (TRA): loginTicketRequest 1.0 for one service, valid from
 * ten minutes before `now` to ten after (room for clock skew between us and ARCA; WSAA refuses a
 * generationTime in the future or an expirationTime in the past).
 */
export function buildTra(service: string, now: Date): string {
  // uniqueId is an unsigned 32-bit integer: the second of the request is unique enough for one
  // certificate (WSAA gives one ticket per certificate and service at a time anyway).
  const uniqueId = Math.floor(now.getTime() / 1000) >>> 0
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<loginTicketRequest version="1.0">',
    '<header>',
    `<uniqueId>${uniqueId}</uniqueId>`,
    `<generationTime>${isoWithArgentinaOffset(new Date(now.getTime() - 10 * 60_000))}</generationTime>`,
    `<expirationTime>${isoWithArgentinaOffset(new Date(now.getTime() + 10 * 60_000))}</expirationTime>`,
    '</header>',
    `<service>${service}</service>`,
    '</loginTicketRequest>',
  ].join('\n')
}

/**
 * The TRA signed as WSAA's loginCms wants it: a CMS (PKCS#7) SignedData with the TRA attached, the
 * signer's certificate included, SHA-256 with RSA and the contentType / messageDigest / signingTime
 * authenticated attributes; base64 of its DER (what `openssl cms -sign -nodetach -outform DER` makes).
 */
export function signTra(tra: string, certificatePem: string, privateKeyPem: string, now = new Date()): string {
  const cert = parseCertificate(certificatePem)
  let key: forge.pki.rsa.PrivateKey
  try {
    key = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey
  } catch {
    throw new ArcaCertificateError('La clave privada no es válida')
  }
  const p7 = forge.pkcs7.createSignedData()
  p7.content = forge.util.createBuffer(tra, 'utf8')
  p7.addCertificate(cert)
  p7.addSigner({
    key,
    certificate: cert,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime!, value: now as unknown as string },
    ],
  })
  p7.sign()
  return forge.util.encode64(forge.asn1.toDer(p7.toAsn1()).getBytes())
}
