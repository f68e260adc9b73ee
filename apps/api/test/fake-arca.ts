import { createHash, createPublicKey, generateKeyPairSync, randomInt, sign as rsaSign, verify as rsaVerify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import forge from 'node-forge'
import { cuitOfSubject } from '../src/integrations/arca/certificate.ts'
import {
  WSAA_NS,
  at,
  centsToDecimal,
  decimalToCents,
  escapeXml,
  fromWireDate,
  list,
  parseXml,
  text,
  type XmlNode,
} from '../src/integrations/arca/soap.ts'
import { isoWithArgentinaOffset } from '../src/integrations/arca/wsaa.ts'

/**
 * A loopback ARCA speaking the SOAP of WSAA (`/ws/services/LoginCms`, Axis: loginCms) and WSFEv1
 * (`/wsfev1/service.asmx`, ASMX: FEDummy, FECompUltimoAutorizado, FECAESolicitar, FECompConsultar)
 * under one base URL, with its own certificate authority standing for ARCA's "Administración de
 * certificados digitales".
 *
 * Error codes and placement follow WSFEv1's developer manual (v4.7, "Tratamiento de errores" and
 * the FECAESolicitar validation tables): authentication errors (500, 600) and 10016 go to
 * `Errors/Err`; other excluding detail validations go to `FECAEDetResponse/Observaciones/Obs` with
 * Resultado R; non-excluding ones (10041, 10217) are observations on an approved voucher. The `Msg`
 * texts are those seen in ARCA's answers where known (600, 500, 10016, 10217, 11002), otherwise the
 * manual's description of the validation. WSAA faults use Axis' `ns1:<code>` with ARCA's texts.
 */

export type FakeArcaVoucher = {
  cuit: string
  pointOfSale: number
  voucherType: number
  number: number
  /** YYYY-MM-DD */
  date: string
  concept: number
  docType: number
  docNumber: string
  receiverVatConditionId: number | null
  totalCents: number
  nonTaxedCents: number
  netTaxedCents: number
  exemptCents: number
  tributesCents: number
  vatCents: number
  vatLines: Array<{ id: number; baseCents: number; amountCents: number }>
  associated: Array<{ voucherType: number; pointOfSale: number; number: number; cuit: string | null; date: string | null }>
  cae: string
  /** YYYY-MM-DD */
  caeDueDate: string
  observations: Array<{ code: number; message: string }>
  /** yyyyMMddHHmmss, Argentina time (FchProceso). */
  processedAt: string
}

export type FakeArca = Awaited<ReturnType<typeof startFakeArca>>

const WSFE_NS = 'http://ar.gov.afip.dif.FEV1/'
const CLASS_A = new Set([1, 2, 3])
const CLASS_B = new Set([6, 7, 8])
const CLASS_C = new Set([11, 12, 13])
const SUPPORTED_TYPES = new Set([...CLASS_A, ...CLASS_B, ...CLASS_C])
const CREDIT_OR_DEBIT = new Set([2, 3, 7, 8, 12, 13])
/** What each type may associate (manual, validation 10040). */
const ASSOCIABLE: Record<number, Set<number>> = {
  1: new Set([88, 991]),
  6: new Set([88, 991]),
  2: new Set([1, 2, 3, 4, 5, 34, 39, 60, 63, 88, 991]),
  3: new Set([1, 2, 3, 4, 5, 34, 39, 60, 63, 88, 991]),
  7: new Set([6, 7, 8, 9, 10, 35, 40, 61, 64, 88, 991]),
  8: new Set([6, 7, 8, 9, 10, 35, 40, 61, 64, 88, 991]),
  12: new Set([11, 12, 13, 15]),
  13: new Set([11, 12, 13, 15]),
}
/** FEParamGetCondicionIvaReceptor: which receiver VAT conditions each class admits. */
const VAT_CONDITIONS: Record<number, string> = {
  1: 'AC', // IVA Responsable Inscripto: A, M, C
  6: 'AC', // Responsable Monotributo
  13: 'AC', // Monotributista Social
  16: 'AC', // Monotributo Trabajador Independiente Promovido
  4: 'BC', // IVA Sujeto Exento
  5: 'BC', // Consumidor Final
  7: 'BC', // Sujeto No Categorizado
  8: 'BC', // Proveedor del Exterior
  9: 'BC', // Cliente del Exterior
  10: 'BC', // IVA Liberado – Ley N° 19.640
  15: 'BC', // IVA No Alcanzado
}
/** AlicIva ids and their rates in basis points (FEParamGetTiposIva). */
const VAT_RATES: Record<number, number> = { 3: 0, 4: 1050, 5: 2100, 6: 2700, 8: 500, 9: 250 }

const MSG = {
  auth500: 'Campo Auth no fue ingresado o esta mal formado.',
  next10016:
    'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
  date10016:
    'Campo CbteFch Debe estar comprendido  en el  rango  N-5 y N+5 siendo N la fecha de envio del pedido  de autorizacion para 1 - Productos',
  date10016services:
    'Campo CbteFch Debe estar comprendido  en el  rango  N-10 y N+10 siendo N la fecha de envio del pedido  de autorizacion para 2 - Servicios o 3 - Productos y Servicios',
  pos11002: 'El punto de venta no se encuentra habilitado a usar el presente WS. Ver metodo FEParamGetPtosVenta',
  pos10005: 'El punto de venta informado debe estar dado de alta y ser del tipo RECE.',
  obs10217:
    'El credito fiscal discriminado en el presente comprobante solo podra ser computado a efectos del Procedimiento permanente de transicion al Regimen General.',
} as const

type Problem = { code: number; message: string }

/** Date (YYYY-MM-DD) of an instant in Argentina (UTC-3, no daylight saving). */
function argentinaDate(date: Date): string {
  return new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 10)
}
function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
function wire(ymd: string): string {
  return ymd.replaceAll('-', '')
}
function validWireDate(value: string | undefined): value is string {
  if (!value || !/^\d{8}$/.test(value)) return false
  const ymd = fromWireDate(value)
  return !Number.isNaN(Date.parse(`${ymd}T00:00:00Z`)) && new Date(`${ymd}T00:00:00Z`).toISOString().startsWith(ymd)
}
const int = (value: unknown): number | null => {
  const t = text(value)
  return t !== undefined && /^-?\d+$/.test(t.trim()) ? Number(t) : null
}

/**
 * ARCA's margin for sums: "error relativo porcentual <= 0.01% o error absoluto <= 0.01" (per
 * line for IVA sums), in integer centavos.
 */
function withinMargin(actual: number, expected: number, absoluteCents = 1): boolean {
  const diff = Math.abs(actual - expected)
  return diff <= absoluteCents || diff * 10000 <= Math.abs(expected)
}

/** The content bytes of a parsed ASN.1 OCTET STRING, constructed (chunked) or not. */
function octets(node: forge.asn1.Asn1): string {
  if (Array.isArray(node.value)) return node.value.map(octets).join('')
  return node.value
}

export async function startFakeArca(
  opts: { allowRelogin?: boolean; now?: () => Date; port?: number } = {},
) {
  const now = () => opts.now?.() ?? new Date()

  // The CA that signs the stores' certificates (ARCA's "Computadores" certificates).
  const caKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const caKeyPem = caKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const caForgeKey = forge.pki.privateKeyFromPem(caKeyPem)
  const caCert = forge.pki.createCertificate()
  caCert.publicKey = forge.pki.publicKeyFromPem(caKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString())
  caCert.serialNumber = '01'
  // Wide: tests may run the fake on a pinned clock (`now`), which is not called before the first request.
  caCert.validity.notBefore = new Date('2000-01-01T00:00:00Z')
  caCert.validity.notAfter = new Date('2049-12-31T00:00:00Z')
  const caSubject = [
    { name: 'countryName', value: 'AR' },
    { name: 'organizationName', value: 'AFIP' },
    { name: 'commonName', value: 'Computadores Test (fake)' },
    { type: '2.5.4.5', value: 'CUIT 33693450239' },
  ]
  caCert.setSubject(caSubject)
  caCert.setIssuer(caSubject)
  caCert.setExtensions([{ name: 'basicConstraints', cA: true }])
  caCert.sign(caForgeKey, forge.md.sha256.create())
  let serial = 0x1000

  // state
  let allowRelogin = opts.allowRelogin ?? false
  let down: false | 'http-503' | 'soap-fault' = false
  let loseNextCae = false
  let loginCount = 0
  /** Live tickets by certificate fingerprint + service (WSAA gives one at a time). */
  const liveTickets = new Map<string, Date>()
  const enabledPointsOfSale = new Set<string>()
  const authorized: FakeArcaVoucher[] = []
  /** Last number and date per cuit/ptoVta/type, including ones set by `setLastAuthorized`. */
  const series = new Map<string, { number: number; date: string | null }>()
  const requests: Array<{ service: 'wsaa' | 'wsfe'; method: string }> = []
  const caes = new Set<string>()

  const seriesKey = (cuit: string, ptoVta: number, type: number) => `${cuit}/${ptoVta}/${type}`

  // ---------------------------------------------------------------- WSAA
  function wsaaFault(code: string, message: string) {
    return {
      status: 500,
      body:
        '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>' +
        `<soapenv:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${code}</faultcode><faultstring>${escapeXml(message)}</faultstring>` +
        '<detail><ns2:exceptionName xmlns:ns2="http://xml.apache.org/axis/">gov.afip.desein.dvadac.sua.view.wsaa.LoginFault</ns2:exceptionName>' +
        '<ns3:hostname xmlns:ns3="http://xml.apache.org/axis/">wsaa.fake.local</ns3:hostname></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>',
    }
  }

  function loginCms(envelope: XmlNode) {
    loginCount += 1
    const in0 = text(at(envelope, 'Envelope', 'Body', 'loginCms', 'in0'))
    if (!in0) return wsaaFault('cms.bad', 'El CMS no es valido')
    let message: ReturnType<typeof forge.pkcs7.messageFromAsn1> & { rawCapture?: Record<string, unknown> }
    try {
      message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.decode64(in0.replace(/\s+/g, ''))))
    } catch {
      return wsaaFault('cms.bad', 'El CMS no es valido')
    }
    const capture = message.rawCapture as {
      content?: forge.asn1.Asn1
      authenticatedAttributes?: forge.asn1.Asn1[]
      signature?: string
      digestAlgorithm?: string
    }
    const signer = (message as { certificates?: forge.pki.Certificate[] }).certificates?.[0]
    if (!signer) return wsaaFault('cms.cert.notFound', 'No se ha encontrado certificado de firma en el CMS')
    const contentNode = Array.isArray(capture.content?.value) ? capture.content.value[0] : undefined
    const attributes = capture.authenticatedAttributes ?? []
    if (!contentNode || attributes.length === 0 || !capture.signature || !capture.digestAlgorithm)
      return wsaaFault('cms.bad', 'El CMS no es valido')
    const content = octets(contentNode)

    // Signature: messageDigest attribute = digest(content); RSA over DER(SET OF attributes).
    const digestOid = forge.asn1.derToOid(capture.digestAlgorithm)
    const digestName = digestOid === forge.pki.oids.sha256 ? 'sha256' : digestOid === forge.pki.oids.sha1 ? 'sha1' : null
    const attributeValue = (oid: string) => {
      const attr = attributes.find((a) => Array.isArray(a.value) && forge.asn1.derToOid((a.value[0] as forge.asn1.Asn1).value as string) === oid)
      const set = Array.isArray(attr?.value) ? (attr.value[1] as forge.asn1.Asn1) : undefined
      return Array.isArray(set?.value) ? (set.value[0] as forge.asn1.Asn1) : undefined
    }
    const messageDigest = attributeValue(forge.pki.oids.messageDigest!)
    const signedAttrs = forge.asn1.toDer(
      forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes),
    ).getBytes()
    const signerPublicPem = forge.pki.publicKeyToPem(signer.publicKey)
    const signatureOk =
      digestName !== null &&
      messageDigest !== undefined &&
      createHash(digestName).update(Buffer.from(content, 'binary')).digest('binary') === messageDigest.value &&
      rsaVerify(digestName, Buffer.from(signedAttrs, 'binary'), createPublicKey(signerPublicPem), Buffer.from(capture.signature, 'binary'))
    if (!signatureOk) return wsaaFault('cms.sign.invalid', 'Firma inválida o algoritmo no soportado')

    let trusted = false
    try {
      trusted = caCert.verify(signer)
    } catch {
      trusted = false
    }
    if (!trusted) return wsaaFault('cms.cert.untrusted', 'Certificado no emitido por AC de confianza')
    const instant = now()
    if (instant < signer.validity.notBefore || instant > signer.validity.notAfter)
      return wsaaFault('cms.cert.expired', 'Certificado expirado')
    const cuit = cuitOfSubject(signer.subject.attributes)
    if (!cuit) return wsaaFault('coe.notAuthorized', 'Computador no autorizado a acceder al servicio')

    // The TRA
    let tra: XmlNode
    try {
      tra = parseXml(Buffer.from(content, 'binary').toString('utf8'))
    } catch {
      return wsaaFault('xml.bad', 'No se ha podido interpretar el XML contra el SCHEMA')
    }
    const request = at(tra, 'loginTicketRequest')
    const generation = Date.parse(text(at(request, 'header', 'generationTime')) ?? '')
    const expiration = Date.parse(text(at(request, 'header', 'expirationTime')) ?? '')
    const service = text(at(request, 'service'))
    if (!request || !text(at(request, 'header', 'uniqueId')) || Number.isNaN(generation) || Number.isNaN(expiration) || !service)
      return wsaaFault('xml.bad', 'No se ha podido interpretar el XML contra el SCHEMA')
    if (generation > instant.getTime() || generation < instant.getTime() - 24 * 3600_000)
      return wsaaFault('xml.generationTime.invalid', 'El atributo generationTime posee una fecha u hora invalida')
    if (expiration < instant.getTime())
      return wsaaFault('xml.expirationTime.expired', 'El atributo expirationTime posee una fecha u hora anterior a la actual')
    if (expiration <= generation || expiration - generation > 24 * 3600_000)
      return wsaaFault('xml.expirationTime.invalid', 'El atributo expirationTime posee una fecha u hora invalida')
    if (service !== 'wsfe') return wsaaFault('wsn.notFound', 'Servicio informado inexistente')

    const fingerprint = forge.md.sha256.create().update(forge.asn1.toDer(forge.pki.certificateToAsn1(signer)).getBytes()).digest().toHex()
    const ticketKey = `${fingerprint}/${service}`
    const live = liveTickets.get(ticketKey)
    if (live && live > instant && !allowRelogin)
      return wsaaFault('coe.alreadyAuthenticated', 'El CEE ya posee un TA valido para el acceso al WSN solicitado')

    const expiresAt = new Date(instant.getTime() + 12 * 3600_000)
    liveTickets.set(ticketKey, expiresAt)
    const uniqueId = randomInt(1, 2 ** 31)
    const destination = `SERIALNUMBER=CUIT ${cuit}, CN=${signer.subject.getField('CN')?.value ?? ''}`
    const token = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        `<sso version="2.0"><id src="CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239" dst="CN=wsfe, O=AFIP, C=AR" unique_id="${uniqueId}" ` +
        `gen_time="${Math.floor(instant.getTime() / 1000)}" exp_time="${Math.floor(expiresAt.getTime() / 1000)}"/>` +
        `<operation type="login" value="granted"><login entity="33693450239" service="${escapeXml(service)}" uid="${escapeXml(destination)}" authmethod="cms" regmethod="22">` +
        `<relations><relation key="${cuit}" reltype="4"/></relations></login></operation></sso>`,
    ).toString('base64')
    const sign = rsaSign('sha256', Buffer.from(token), caKeys.privateKey).toString('base64')
    const ticket =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<loginTicketResponse version="1.0"><header>' +
      '<source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source>' +
      `<destination>${escapeXml(destination)}</destination><uniqueId>${uniqueId}</uniqueId>` +
      `<generationTime>${isoWithArgentinaOffset(instant)}</generationTime>` +
      `<expirationTime>${isoWithArgentinaOffset(expiresAt)}</expirationTime></header>` +
      `<credentials><token>${token}</token><sign>${sign}</sign></credentials></loginTicketResponse>`
    return {
      status: 200,
      body:
        '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body>' +
        `<loginCmsResponse xmlns="${WSAA_NS}"><loginCmsReturn>${escapeXml(ticket)}</loginCmsReturn></loginCmsResponse></soapenv:Body></soapenv:Envelope>`,
    }
  }

  // ---------------------------------------------------------------- WSFEv1
  function wsfeAnswer(method: string, inner: string) {
    return {
      status: 200,
      body:
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
        `<${method}Response xmlns="${WSFE_NS}"><${method}Result>${inner}</${method}Result></${method}Response></soap:Body></soap:Envelope>`,
    }
  }
  const problemsXml = (tag: 'Errors' | 'Observaciones', item: 'Err' | 'Obs', problems: Problem[]) =>
    problems.length === 0
      ? ''
      : `<${tag}>${problems.map((p) => `<${item}><Code>${p.code}</Code><Msg>${escapeXml(p.message)}</Msg></${item}>`).join('')}</${tag}>`

  /** WSFEv1's token check: signed by WSAA, in its time window, for wsfe, naming the Cuit. */
  function checkAuth(request: unknown): { cuit: string } | Problem {
    const auth = at(request, 'Auth')
    const token = text(at(auth, 'Token'))
    const sign = text(at(auth, 'Sign'))
    const cuit = text(at(auth, 'Cuit'))
    if (auth === undefined || typeof auth !== 'object') return { code: 500, message: MSG.auth500 }
    if (!token) return { code: 600, message: 'ValidacionDeToken: Parametro nulo o vacio (token)' }
    let sso: unknown
    try {
      const xml = Buffer.from(token, 'base64').toString('utf8')
      if (!xml.trimStart().startsWith('<')) throw new Error('Data at the root level is invalid. Line 1, position 1.')
      sso = at(parseXml(xml), 'sso')
      if (!sso) throw new Error('Data at the root level is invalid. Line 1, position 1.')
    } catch (err) {
      return {
        code: 600,
        message: `ValidacionDeToken: No valido token. Excepcion: CargarStringBase64Token: Excepción: CargarNodos: Error al cargar token XML. Excepcion: ${(err as Error).message}`,
      }
    }
    const gen = Number(text(at(sso, 'id', '@gen_time')))
    const exp = Number(text(at(sso, 'id', '@exp_time')))
    const nowUtc = Math.floor(now().getTime() / 1000)
    if (!(gen <= nowUtc && nowUtc <= exp))
      return { code: 600, message: `ValidacionDeToken: No validaron las fechas del token. GenTime=${gen}, ExpTime=${exp}, NowUTC=${nowUtc}` }
    let signed = false
    try {
      signed = !!sign && rsaVerify('sha256', Buffer.from(token), caKeys.publicKey, Buffer.from(sign, 'base64'))
    } catch {
      signed = false
    }
    if (!signed) return { code: 600, message: 'ValidacionDeToken: Error al verificar hash: ' }
    const service = text(at(sso, 'operation', 'login', '@service'))
    if (service !== 'wsfe') return { code: 600, message: `ValidacionDeToken: No valido Id Sistema: wsfe(Id Sistema de token es: ${service})` }
    const relations = list(at(sso, 'operation', 'login', 'relations', 'relation')).map((r) => text(at(r, '@key')))
    if (!cuit || !relations.includes(cuit))
      return { code: 600, message: `ValidacionDeToken: No apareció CUIT en lista de relaciones: ${cuit ?? ''}` }
    return { cuit }
  }
  const isProblem = (value: { cuit: string } | Problem): value is Problem => 'code' in value

  function feDummy() {
    return wsfeAnswer('FEDummy', '<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>')
  }

  function lastAuthorizedMethod(request: unknown) {
    const method = 'FECompUltimoAutorizado'
    const auth = checkAuth(request)
    const ptoVta = int(at(request, 'PtoVta'))
    const type = int(at(request, 'CbteTipo'))
    const fail = (p: Problem) =>
      wsfeAnswer(method, `<PtoVta>0</PtoVta><CbteTipo>0</CbteTipo><CbteNro>0</CbteNro>${problemsXml('Errors', 'Err', [p])}`)
    if (isProblem(auth)) return fail(auth)
    if (ptoVta === null || ptoVta < 1 || ptoVta > 99998)
      return fail({ code: 11000, message: 'El PtoVta debe ser valido comprendido entre 1 y 99998' })
    if (type === null || !SUPPORTED_TYPES.has(type))
      return fail({ code: 11001, message: 'Debe de ser algunos de los habilitados en este WS. Consultar metodo FEParamGetTiposCbte' })
    if (!enabledPointsOfSale.has(`${auth.cuit}/${ptoVta}`)) return fail({ code: 11002, message: MSG.pos11002 })
    const last = series.get(seriesKey(auth.cuit, ptoVta, type))?.number ?? 0
    return wsfeAnswer(method, `<PtoVta>${ptoVta}</PtoVta><CbteTipo>${type}</CbteTipo><CbteNro>${last}</CbteNro>`)
  }

  function consultMethod(request: unknown) {
    const method = 'FECompConsultar'
    const auth = checkAuth(request)
    if (isProblem(auth)) return wsfeAnswer(method, problemsXml('Errors', 'Err', [auth]))
    const ptoVta = int(at(request, 'FeCompConsReq', 'PtoVta'))
    const type = int(at(request, 'FeCompConsReq', 'CbteTipo'))
    const number = int(at(request, 'FeCompConsReq', 'CbteNro'))
    const found = authorized.find(
      (v) => v.cuit === auth.cuit && v.pointOfSale === ptoVta && v.voucherType === type && v.number === number,
    )
    if (!found)
      return wsfeAnswer(
        method,
        problemsXml('Errors', 'Err', [{ code: 602, message: 'No existen datos en nuestros registros para los parametros ingresados.' }]),
      )
    return wsfeAnswer(
      method,
      `<ResultGet><Concepto>${found.concept}</Concepto><DocTipo>${found.docType}</DocTipo><DocNro>${found.docNumber}</DocNro>` +
        `<CbteDesde>${found.number}</CbteDesde><CbteHasta>${found.number}</CbteHasta><CbteFch>${wire(found.date)}</CbteFch>` +
        `<ImpTotal>${centsToDecimal(found.totalCents)}</ImpTotal><ImpTotConc>${centsToDecimal(found.nonTaxedCents)}</ImpTotConc>` +
        `<ImpNeto>${centsToDecimal(found.netTaxedCents)}</ImpNeto><ImpOpEx>${centsToDecimal(found.exemptCents)}</ImpOpEx>` +
        `<ImpTrib>${centsToDecimal(found.tributesCents)}</ImpTrib><ImpIVA>${centsToDecimal(found.vatCents)}</ImpIVA>` +
        `<MonId>PES</MonId><MonCotiz>1</MonCotiz>` +
        (found.receiverVatConditionId === null ? '' : `<CondicionIVAReceptorId>${found.receiverVatConditionId}</CondicionIVAReceptorId>`) +
        (found.associated.length === 0
          ? ''
          : `<CbtesAsoc>${found.associated
              .map(
                (a) =>
                  `<CbteAsoc><Tipo>${a.voucherType}</Tipo><PtoVta>${a.pointOfSale}</PtoVta><Nro>${a.number}</Nro>` +
                  `${a.cuit ? `<Cuit>${a.cuit}</Cuit>` : ''}${a.date ? `<CbteFch>${wire(a.date)}</CbteFch>` : ''}</CbteAsoc>`,
              )
              .join('')}</CbtesAsoc>`) +
        (found.vatLines.length === 0
          ? ''
          : `<Iva>${found.vatLines
              .map((l) => `<AlicIva><Id>${l.id}</Id><BaseImp>${centsToDecimal(l.baseCents)}</BaseImp><Importe>${centsToDecimal(l.amountCents)}</Importe></AlicIva>`)
              .join('')}</Iva>`) +
        `<Resultado>A</Resultado><CodAutorizacion>${found.cae}</CodAutorizacion><EmisionTipo>CAE</EmisionTipo>` +
        `<FchVto>${wire(found.caeDueDate)}</FchVto><FchProceso>${found.processedAt}</FchProceso>` +
        problemsXml('Observaciones', 'Obs', found.observations) +
        `<PtoVta>${found.pointOfSale}</PtoVta><CbteTipo>${found.voucherType}</CbteTipo></ResultGet>`,
    )
  }

  function newCae(): string {
    for (;;) {
      const cae = `7${String(randomInt(0, 10 ** 6)).padStart(6, '0')}${String(randomInt(0, 10 ** 7)).padStart(7, '0')}`
      if (!caes.has(cae)) {
        caes.add(cae)
        return cae
      }
    }
  }

  function caeMethod(request: unknown) {
    const method = 'FECAESolicitar'
    const instant = now()
    const processed = isoWithArgentinaOffset(instant).slice(0, 19).replace(/\D/g, '')
    const auth = checkAuth(request)
    const cab = at(request, 'FeCAEReq', 'FeCabReq')
    const details = list(at(request, 'FeCAEReq', 'FeDetReq', 'FECAEDetRequest'))
    const ptoVta = int(at(cab, 'PtoVta'))
    const type = int(at(cab, 'CbteTipo'))
    const cabResp = (cuit: string, result: 'A' | 'R') =>
      `<FeCabResp><Cuit>${cuit}</Cuit><PtoVta>${ptoVta ?? 0}</PtoVta><CbteTipo>${type ?? 0}</CbteTipo>` +
      `<FchProceso>${processed}</FchProceso><CantReg>${details.length}</CantReg><Resultado>${result}</Resultado><Reproceso>N</Reproceso></FeCabResp>`
    if (isProblem(auth)) return wsfeAnswer(method, problemsXml('Errors', 'Err', [auth]))
    const cuit = auth.cuit
    const detail = details[0]
    const rejectHeader = (p: Problem) => wsfeAnswer(method, cabResp(cuit, 'R') + problemsXml('Errors', 'Err', [p]))

    const cantReg = int(at(cab, 'CantReg'))
    if (cantReg === null || cantReg < 1 || cantReg > 9998)
      return rejectHeader({ code: 10001, message: 'Cantidad de registros de detalle del comprobante o lote de comprobantes de ingreso CantReg debe estar comprendido entre 1 y 9998.' })
    if (cantReg !== details.length || !detail)
      return rejectHeader({ code: 10002, message: `Campo CantReg debe ser igual a lo informado en detalle. Informado: ${cantReg}, Enviado:${details.length}` })
    if (details.length > 1)
      // ARCA allows batches of class B; this fake (like the client) authorizes one voucher per request.
      return rejectHeader({ code: 10003, message: 'La cantidad de registros en detalle debe ser menor igual al valor permitido. Consulte metodo FECompTotXRequest.' })
    if (ptoVta === null || ptoVta < 1 || ptoVta > 99998)
      return rejectHeader({ code: 10004, message: 'Campo PtoVta debe estar comprendido entre 1 y 99998.' })
    if (!enabledPointsOfSale.has(`${cuit}/${ptoVta}`)) return rejectHeader({ code: 10005, message: MSG.pos10005 })
    if (type === null || type <= 0) return rejectHeader({ code: 10006, message: 'Campo CbteTipo debe ser un valor numerico mayor a 0.' })
    if (!SUPPORTED_TYPES.has(type))
      return rejectHeader({
        code: 10007,
        message: 'Campo CbteTipo invalido. Consultar metodo FEParamGetTiposCbte.',
      })

    const field = (name: string) => text(at(detail, name))
    const concept = int(at(detail, 'Concepto'))
    const docType = int(at(detail, 'DocTipo'))
    const docNumber = (field('DocNro') ?? '').trim()
    const from = int(at(detail, 'CbteDesde'))
    const to = int(at(detail, 'CbteHasta'))
    const wireDate = field('CbteFch')
    const amounts = {
      total: decimalToCents(field('ImpTotal')),
      nonTaxed: decimalToCents(field('ImpTotConc')),
      net: decimalToCents(field('ImpNeto')),
      exempt: decimalToCents(field('ImpOpEx')),
      tributes: decimalToCents(field('ImpTrib')),
      vat: decimalToCents(field('ImpIVA')),
    }
    const ivaNode = at(detail, 'Iva')
    const vatLines = list(at(ivaNode, 'AlicIva')).map((l) => ({
      id: int(at(l, 'Id')),
      base: decimalToCents(text(at(l, 'BaseImp'))),
      amount: decimalToCents(text(at(l, 'Importe'))),
    }))
    const associatedNode = at(detail, 'CbtesAsoc')
    const associated = list(at(associatedNode, 'CbteAsoc')).map((a) => ({
      type: int(at(a, 'Tipo')),
      ptoVta: int(at(a, 'PtoVta')),
      number: int(at(a, 'Nro')),
      cuit: text(at(a, 'Cuit')) ?? null,
      date: text(at(a, 'CbteFch')) ?? null,
    }))
    const conditionText = field('CondicionIVAReceptorId')
    const condition = int(at(detail, 'CondicionIVAReceptorId'))
    const isC = CLASS_C.has(type)
    const isCreditOrDebit = CREDIT_OR_DEBIT.has(type)
    const letter = CLASS_A.has(type) ? 'A' : CLASS_B.has(type) ? 'B' : 'C'

    // Excluding validations of the detail, in the manual's order; the first few that fail are reported.
    const problems: Problem[] = []
    const fail = (code: number, message: string) => problems.push({ code, message })
    if (from === null || from < 1 || from > 99999999) fail(10008, 'Campo CbteDesde debe estar entre 1 y 99999999.')
    if (to === null || to < 1 || to > 99999999) fail(10010, 'Campo CbteHasta debe estar entre 1 y 99999999.')
    else if (from !== to) fail(10012, 'Para comprobantes clase A, C el campo CbteDesde debe ser igual al campo CbteHasta')
    if (letter === 'A' && docType !== 80)
      fail(10013, 'Para comprobantes clase A el campo DocTipo debe ser 80 (CUIT)')
    if (docType === 99 && docNumber !== '0')
      fail(10015, 'Si el campo DocTipo es igual a 99, el campo DocNro debera ser cero (0).')
    if (docType === null || ![80, 86, 87, 89, 90, 91, 94, 96, 99].includes(docType) || !/^\d{1,11}$/.test(docNumber))
      fail(10015, 'El campo DocTipo y DocNro deben ser validos. Consultar metodo FEParamGetTiposDoc.')
    if (docType === 80 && docNumber === cuit) fail(10069, 'El N° de documento del receptor del comprobante no puede ser igual al del emisor.')
    if (concept === null || ![1, 2, 3].includes(concept))
      fail(10030, 'El campo Concepto es obligatorio y debe corresponder con algun valor devuelto por el metodo FEParamGetTiposConcepto')
    if (concept === 2 || concept === 3) {
      if (![field('FchServDesde'), field('FchServHasta'), field('FchVtoPago')].every(validWireDate))
        fail(10049, 'Los campos FchServDesde, FchServHasta, FchVtoPago son obligatorios cuando el campo Concepto es igual a 2 o 3 (formato yyyymmdd).')
    }
    if (field('MonId') !== 'PES') fail(10037, 'El campo MonId es obligatorio y debe corresponder a algun valor devuelto por el metodo FEParamGetTiposMonedas')
    else if (decimalToCents(field('MonCotiz')) !== 100) fail(10039, 'El campo MonCotiz es obligatorio, e igual a 1 cuando se trate de MonId=PES')
    if (Object.values(amounts).some((a) => a === null) || vatLines.some((l) => l.base === null || l.amount === null))
      fail(10056, 'Los importes deben informarse con la precision indicada (13 enteros y 2 decimales).')
    else {
      const a = amounts as Record<keyof typeof amounts, number>
      if (a.nonTaxed < 0 || (isC && a.nonTaxed !== 0))
        fail(10043, 'El campo Importe neto no gravado ImpTotConc no puede ser menor a cero (0). Para comprobantes tipo C debe ser igual a cero (0).')
      if (a.exempt < 0 || (isC && a.exempt !== 0))
        fail(10044, 'El campo importe exento ImpOpEx no puede ser menor a cero (0). Para comprobantes tipo C debe ser igual a cero (0).')
      if (a.net < 0) fail(10045, 'El campo Importe neto gravado ImpNeto no puede ser menor a cero (0).')
      if (a.tributes < 0) fail(10046, 'El campo Importe de tributos ImpTrib no puede ser menor a cero (0).')
      if (a.vat < 0 || (isC && a.vat !== 0))
        fail(10047, 'El campo Importe de IVA ImpIVA no puede ser menor a cero (0). Para comprobantes tipo C debe ser igual a cero (0).')
      if (a.total < 0) fail(10065, 'El campo Importe Total ImpTotal no puede ser menor a cero (0).')
      const expected = isC ? a.net + a.tributes : a.nonTaxed + a.net + a.exempt + a.tributes + a.vat
      if (!withinMargin(a.total, expected))
        fail(
          10048,
          isC
            ? "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpNeto + ImpTrib para comprobantes tipo C."
            : "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
        )
      if (a.tributes > 0) fail(10024, 'Si ImpTrib es mayor a 0 el objeto Tributos y Tributo son obligatorios.')
      if (isC) {
        if (ivaNode !== undefined) fail(10071, 'Si el tipo de comprobante es C, el array de IVA no debe informarse.')
      } else {
        if (a.net > 0 && vatLines.length === 0) fail(10070, 'Si ImpNeto es mayor a 0 el objeto IVA es obligatorio.')
        else if (a.vat > 0 && vatLines.length === 0) fail(10018, 'Si ImpIVA es mayor a 0 el objeto IVA y AlicIva son obligatorios.')
        const ids = vatLines.map((l) => l.id)
        if (ids.some((id) => id === null || VAT_RATES[id] === undefined))
          fail(10019, 'El campo Id en AlicIVA es obligatorio y debe ser un valor devuelto por el metodo FEParamGetTiposIva.')
        else if (new Set(ids).size !== ids.length) fail(10022, 'El campo Id en AlicIVA no debe repetirse. Debera totalizarse por alicuota.')
        if (vatLines.length > 0) {
          const sumAmount = vatLines.reduce((s, l) => s + (l.amount ?? 0), 0)
          const sumBase = vatLines.reduce((s, l) => s + (l.base ?? 0), 0)
          if (!withinMargin(sumAmount, a.vat, vatLines.length))
            fail(10023, 'La suma de los campos Importe en IVA debe ser igual al valor ingresado en ImpIVA.')
          if (!isCreditOrDebit && !withinMargin(sumBase, a.net, vatLines.length))
            fail(10061, 'La suma de los campos BaseImp en AlicIva debe ser igual al valor ingresado en ImpNeto.')
          if (!isCreditOrDebit) {
            const mismatched = vatLines.some((l) => {
              const rate = l.id === null ? undefined : VAT_RATES[l.id]
              if (rate === undefined || l.base === null || l.amount === null) return false
              // amount = base × rate, in centavos × 10000 (rate in basis points), within ARCA's margin.
              const expected = l.base * rate
              const diff = Math.abs(l.amount * 10000 - expected)
              return diff > 10000 && diff * 10000 > expected
            })
            if (mismatched) fail(10051, 'Los importes informados en AlicIVA no se corresponden con el porcentaje de IVA seleccionado.')
          }
        }
      }
    }
    if (conditionText === undefined || conditionText === '')
      fail(10246, 'Campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolucion General Nro 5616. Para mas informacion consular metodo FEParamGetCondicionIvaReceptor')
    else if (condition === null || VAT_CONDITIONS[condition] === undefined)
      fail(10242, 'El campo de identificacion de la Condicion de IVA del receptor no es un valor permitido. Para mayor detalle consular el metodo FEParamGetCondicionIvaReceptor.')
    else if (!VAT_CONDITIONS[condition]!.includes(letter))
      fail(10243, 'El campo de identificacion de Condicion de IVA del receptor no es valido para la clase de comprobante informado. Para mas detalle consultar el Metodo: FEParamGetCondicionIvaReceptor')
    if (associatedNode !== undefined) {
      if (associated.length === 0) fail(10062, 'Si envia CbtesAsoc, CbteAsoc es obligatorio.')
      for (const a of associated) {
        if (a.type === null || a.type <= 0) fail(10057, 'De enviarse el tag CbteAsoc debe enviarse Tipo > a 0')
        else if (!ASSOCIABLE[type]?.has(a.type))
          fail(10040, `De enviarse el tag CbtesAsoc, el tipo de comprobante asociado ${a.type} no corresponde al tipo ${type} a autorizar.`)
        if (a.ptoVta === null || a.ptoVta <= 0 || a.ptoVta >= 99999) fail(10058, 'De enviarse el tag CbteAsoc debe enviarse PtoVta > a 0 y < a 99999')
        if (a.number === null || a.number <= 0 || a.number >= 99999999) fail(10059, 'De enviarse el tag CbteAsoc debe enviarse Nro > a 0 y < a 99999999')
        if (a.cuit !== null && !/^\d{11}$/.test(a.cuit))
          fail(10151, 'Si informa Cuit en comprobantes asociados, no informar en blanco, el mismo debe ser un valor de 11 caracteres numericos.')
        if (a.date !== null && !validWireDate(a.date)) fail(10213, 'La fecha del comprobante asociado debe tener el formato yyyymmdd.')
      }
    } else if (isCreditOrDebit) {
      fail(10197, 'Si el comprobante es Debito o Credito, se debera informar de forma obligatoria los campos Fecha Comprobantes Asociados Desde/Hasta, o al menos un comprobante asociado.')
    }
    if (!validWireDate(wireDate)) fail(10016, MSG.date10016)

    const reject = (errors: Problem[], observations: Problem[]) =>
      wsfeAnswer(
        method,
        cabResp(cuit, 'R') +
          `<FeDetResp><FECAEDetResponse><Concepto>${concept ?? 0}</Concepto><DocTipo>${docType ?? 0}</DocTipo><DocNro>${escapeXml(docNumber || '0')}</DocNro>` +
          `<CbteDesde>${from ?? 0}</CbteDesde><CbteHasta>${to ?? 0}</CbteHasta><CbteFch>${escapeXml(wireDate ?? '')}</CbteFch><Resultado>R</Resultado>` +
          `${problemsXml('Observaciones', 'Obs', observations)}<CAE></CAE><CAEFchVto></CAEFchVto></FECAEDetResponse></FeDetResp>` +
          problemsXml('Errors', 'Err', errors),
      )
    if (problems.length > 0) return reject([], problems)

    // Numbering and dates against the series: checked and recorded in one synchronous step, so
    // concurrent requests for the same number get one CAE and one 10016.
    const date = fromWireDate(wireDate!)
    const today = argentinaDate(instant)
    const window = concept === 1 ? 5 : 10
    if (date < addDays(today, -window) || date > addDays(today, window))
      return reject([], [{ code: 10016, message: concept === 1 ? MSG.date10016 : MSG.date10016services }])
    const key = seriesKey(cuit, ptoVta, type)
    const last = series.get(key) ?? { number: 0, date: null }
    if (from !== last.number + 1 || (last.date !== null && date < last.date))
      return reject([{ code: 10016, message: MSG.next10016 }], [])

    const observations: Problem[] = []
    for (const a of associated) {
      const own = a.cuit === null || a.cuit === cuit
      const exists = authorized.some(
        (v) => v.cuit === cuit && v.voucherType === a.type && v.pointOfSale === a.ptoVta && v.number === a.number,
      )
      if (own && enabledPointsOfSale.has(`${cuit}/${a.ptoVta}`) && !exists)
        observations.push({
          code: 10041,
          message: 'Si el punto de venta del comprobante asociado es electronico, el numero de comprobante debe obrar en las bases del organismo para el punto de venta y tipo de comprobante informado.',
        })
    }
    if (letter === 'A' && condition === 6) observations.push({ code: 10217, message: MSG.obs10217 })

    const a = amounts as Record<keyof typeof amounts, number>
    const cae = newCae()
    const caeDueDate = addDays(date, 10)
    series.set(key, { number: from!, date })
    authorized.push({
      cuit,
      pointOfSale: ptoVta,
      voucherType: type,
      number: from!,
      date,
      concept: concept!,
      docType: docType!,
      docNumber,
      receiverVatConditionId: condition,
      totalCents: a.total,
      nonTaxedCents: a.nonTaxed,
      netTaxedCents: a.net,
      exemptCents: a.exempt,
      tributesCents: a.tributes,
      vatCents: a.vat,
      vatLines: vatLines.map((l) => ({ id: l.id!, baseCents: l.base!, amountCents: l.amount! })),
      associated: associated.map((x) => ({
        voucherType: x.type!,
        pointOfSale: x.ptoVta!,
        number: x.number!,
        cuit: x.cuit,
        date: x.date ? fromWireDate(x.date) : null,
      })),
      cae,
      caeDueDate,
      observations,
      processedAt: processed,
    })
    return wsfeAnswer(
      method,
      cabResp(cuit, 'A') +
        `<FeDetResp><FECAEDetResponse><Concepto>${concept}</Concepto><DocTipo>${docType}</DocTipo><DocNro>${escapeXml(docNumber)}</DocNro>` +
        `<CbteDesde>${from}</CbteDesde><CbteHasta>${to}</CbteHasta><CbteFch>${wireDate}</CbteFch><Resultado>A</Resultado>` +
        `${problemsXml('Observaciones', 'Obs', observations)}<CAE>${cae}</CAE><CAEFchVto>${wire(caeDueDate)}</CAEFchVto></FECAEDetResponse></FeDetResp>`,
    )
  }

  function wsfe(envelope: XmlNode) {
    const body = at(envelope, 'Envelope', 'Body') as XmlNode | undefined
    const method = body ? Object.keys(body).find((k) => !k.startsWith('@')) : undefined
    requests.push({ service: 'wsfe', method: method ?? '?' })
    const request = method ? body![method] : undefined
    if (method === 'FEDummy') return feDummy()
    if (method === 'FECompUltimoAutorizado') return lastAuthorizedMethod(request)
    if (method === 'FECAESolicitar') return caeMethod(request)
    if (method === 'FECompConsultar') return consultMethod(request)
    return soapServerFault(`Server did not recognize the value of HTTP Header SOAPAction: ${WSFE_NS}${method ?? ''}.`, 'Client')
  }

  function soapServerFault(message: string, code: 'Server' | 'Client' = 'Server') {
    return {
      status: 500,
      body:
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><soap:Fault>' +
        `<faultcode>soap:${code}</faultcode><faultstring>${escapeXml(message)}</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>`,
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]
      const isWsaa = path === '/ws/services/LoginCms'
      const isWsfe = path === '/wsfev1/service.asmx'
      if (req.method !== 'POST' || (!isWsaa && !isWsfe)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
        return
      }
      if (down === 'http-503') {
        res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body><h1>503 Service Unavailable</h1></body></html>')
        return
      }
      let answer: { status: number; body: string }
      if (down === 'soap-fault') {
        if (isWsaa) requests.push({ service: 'wsaa', method: 'loginCms' })
        answer = isWsaa
          ? wsaaFault('wsn.unavailable', 'El WSN destino esta temporalmente no disponible')
          : soapServerFault('Server was unable to process request. ---> Error interno de base de datos.')
      } else {
        let envelope: XmlNode
        try {
          envelope = parseXml(Buffer.concat(chunks).toString('utf8'))
        } catch {
          envelope = {}
        }
        if (isWsaa) {
          requests.push({ service: 'wsaa', method: 'loginCms' })
          answer = loginCms(envelope)
        } else {
          answer = wsfe(envelope)
        }
        if (isWsfe && loseNextCae && answer.body.includes('<FECAESolicitarResponse')) {
          // The voucher is authorized but the answer never arrives (a cut connection).
          loseNextCae = false
          req.socket.destroy()
          return
        }
      }
      res.writeHead(answer.status, { 'content-type': 'text/xml; charset=utf-8' }).end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}`

  return {
    baseUrl,
    wsaaUrl: `${baseUrl}/ws/services/LoginCms`,
    wsfeUrl: `${baseUrl}/wsfev1/service.asmx`,
    /** The fake ARCA CA's certificate (PEM). */
    caCertificatePem: forge.pki.certificateToPem(caCert),
    /**
     * What ARCA's certificate administration does with a store's CSR: a certificate with the CSR's
     * subject (serialNumber "CUIT …" kept), signed by the fake CA; valid from a day before the
     * fake's now for two years, unless told.
     */
    issueCertificate(csrPem: string, validity: { notBefore?: Date; notAfter?: Date } = {}): string {
      const csr = forge.pki.certificationRequestFromPem(csrPem)
      if (!csr.verify()) throw new Error('the CSR signature does not verify')
      const cert = forge.pki.createCertificate()
      cert.publicKey = csr.publicKey!
      serial += 1
      cert.serialNumber = serial.toString(16).padStart(4, '0')
      // Dates by the fake's clock, so a test on a pinned clock gets a certificate valid then.
      const issuedAt = now().getTime()
      const notAfter = validity.notAfter ?? new Date(issuedAt + 2 * 365 * 86400_000)
      cert.validity.notAfter = notAfter
      cert.validity.notBefore =
        validity.notBefore ?? new Date(Math.min(issuedAt - 86400_000, notAfter.getTime() - 365 * 86400_000))
      // forge reads UTF8String values as raw bytes: decode before writing them again.
      cert.setSubject(
        csr.subject.attributes.map((a) =>
          (a.valueTagClass as unknown) === forge.asn1.Type.UTF8 && typeof a.value === 'string'
            ? { ...a, value: forge.util.decodeUtf8(a.value) }
            : a,
        ),
      )
      cert.setIssuer(caCert.subject.attributes)
      cert.sign(caForgeKey, forge.md.sha256.create())
      return forge.pki.certificateToPem(cert)
    },
    /** Registers a web-services point of sale (RECE) for a CUIT; others answer 11002 / 10005. */
    enablePointOfSale(cuit: string, pointOfSale: number) {
      enabledPointsOfSale.add(`${cuit}/${pointOfSale}`)
    },
    /** Vouchers authorized elsewhere (ARCA's own web, another system): moves the series' last number. */
    setLastAuthorized(cuit: string, pointOfSale: number, voucherType: number, number: number, date: string | null = null) {
      series.set(seriesKey(cuit, pointOfSale, voucherType), { number, date })
    },
    /** ARCA down: 'http-503' (the balancer's 503 page) or 'soap-fault' (WSAA wsn.unavailable, WSFEv1 soap:Server). */
    setDown(isDown: boolean, how: 'http-503' | 'soap-fault' = 'http-503') {
      down = isDown ? how : false
    },
    /** The next FECAESolicitar is authorized and recorded, but its connection is cut before the answer. */
    loseNextCaeAnswer() {
      loseNextCae = true
    },
    /** Whether WSAA hands a new ticket while one is live for the same certificate and service. */
    get allowRelogin() {
      return allowRelogin
    },
    set allowRelogin(value: boolean) {
      allowRelogin = value
    },
    /** Every voucher authorized, in order. */
    authorized,
    /** Every request, by service and method (WSAA loginCms calls included when refused). */
    requests,
    /** loginCms calls received (granted or refused). */
    get loginCount() {
      return loginCount
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
