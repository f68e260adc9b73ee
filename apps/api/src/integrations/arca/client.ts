// A thin client for ARCA's (ex AFIP) WSAA and WSFEv1 SOAP services: envelopes written by template,
// POSTed with axios, answers read with fast-xml-parser. Base URLs are the caller's (homologación or
// production, or the loopback fake in tests); nothing here knows ARCA's hosts.
import https from 'node:https'
import axios, { type AxiosResponse } from 'axios'
import { buildTra, signTra } from './wsaa.ts'
import {
  WSAA_NS,
  WSFE_NS,
  at,
  centsToDecimal,
  decimalToCents,
  decodeBody,
  escapeXml,
  fromWireDate,
  list,
  parseXml,
  text,
  toWireDate,
  type XmlNode,
} from './soap.ts'

/**
 * A failure talking to ARCA. `code` is ARCA's own (a WSAA fault code such as 'cms.cert.expired'
 * without its namespace prefix, or a WSFEv1 error/observation code such as '10016'), or ours for
 * transport failures ('network', 'timeout', 'http.503', 'soap.server', 'bad-answer'). `transient`
 * says a retry later may succeed (ARCA down or slow); otherwise the request itself must change.
 */
export class ArcaError extends Error {
  override readonly name = 'ArcaError'
  constructor(
    readonly service: 'wsaa' | 'wsfe',
    readonly code: string,
    message: string,
    readonly transient: boolean,
    /** The point of sale the failed call named (WSFEv1 calls), for the seller's sentence. */
    readonly pointOfSale?: number,
  ) {
    super(message)
  }
}

/** WSFEv1 errors that mean the point of sale is not a web-services one (11002 for the last number, 10005 for a CAE). */
const POINT_OF_SALE_NOT_ENABLED = new Set(['11002', '10005'])
/** WSAA faults that mean "not now": its back end (WSN) is unavailable. */
const WSAA_TRANSIENT = new Set(['wsn.unavailable'])
/** WSFEv1's internal application / database errors (manual, "Tratamiento de errores en el WS"). */
const WSFE_TRANSIENT = new Set(['500', '501', '502'])

/** The one sentence a seller reads when an invoice could not be authorized. */
export function arcaErrorInSpanish(err: ArcaError): string {
  if (err.transient) return 'ARCA no responde; lo reintentamos en unos minutos'
  if (err.code === 'cms.cert.expired') return 'El certificado de ARCA venció: subí uno nuevo en Impuestos'
  if (err.code === 'no-certificate') return 'Falta el certificado de ARCA: subilo en Impuestos'
  if (err.code === 'cms.cert.untrusted')
    return 'ARCA no reconoce el certificado (¿es de homologación?): subí el que te dio ARCA en Impuestos'
  if (err.code === 'coe.notAuthorized')
    return 'El certificado no está autorizado para factura electrónica: asocialo al servicio en ARCA'
  if (POINT_OF_SALE_NOT_ENABLED.has(err.code))
    return err.pointOfSale !== undefined
      ? `El punto de venta ${err.pointOfSale} no está habilitado para factura electrónica`
      : 'El punto de venta no está habilitado para factura electrónica'
  return `ARCA rechazó la factura: ${err.message} (código ${err.code})`
}

export type ArcaAuth = { token: string; sign: string; cuit: string }

export type ArcaVoucher = {
  pointOfSale: number
  voucherType: 1 | 6 | 11 | 3 | 8 | 13
  number: number
  /** YYYY-MM-DD */
  date: string
  concept: 1 | 2 | 3
  docType: 80 | 96 | 99
  docNumber: string
  /** CondicionIVAReceptorId: 1 RI, 4 exento, 5 consumidor final, 6 monotributo. */
  receiverVatConditionId: number
  totalCents: number
  netTaxedCents: number
  nonTaxedCents: number
  exemptCents: number
  vatCents: number
  /** Id 3: 0 %, 4: 10.5 %, 5: 21 %. Not sent for type C vouchers. */
  vatLines: Array<{ id: 3 | 4 | 5; baseCents: number; amountCents: number }>
  /** Credit and debit notes: the vouchers they adjust (`cuit` '' for the issuer's own: not sent). */
  associated?: Array<{ voucherType: number; pointOfSale: number; number: number; cuit: string; date: string }>
  /** Services (concept 2 or 3) need the period and the payment due date; they default to `date`. */
  serviceFrom?: string
  serviceTo?: string
  paymentDueDate?: string
}

export type ArcaCae = {
  cae: string
  /** YYYY-MM-DD */
  caeDueDate: string
  observations: Array<{ code: number; message: string }>
}

export type ArcaClient = {
  login(input: {
    certificatePem: string
    privateKeyPem: string
    service?: string
    now?: Date
  }): Promise<{ token: string; sign: string; expiresAt: Date }>
  lastAuthorized(auth: ArcaAuth, pointOfSale: number, voucherType: number): Promise<number>
  requestCae(auth: ArcaAuth, voucher: ArcaVoucher): Promise<ArcaCae>
  /**
   * FECompConsultar: an authorized voucher as ARCA keeps it, or null (error 602) if that number
   * was never authorized. What to ask after a CAE request whose answer was lost.
   */
  findAuthorized(auth: ArcaAuth, pointOfSale: number, voucherType: number, number: number): Promise<ArcaAuthorizedVoucher | null>
  /** FEDummy: whether WSFEv1's application, database and authentication servers answer OK. */
  health(): Promise<{ appServer: string; dbServer: string; authServer: string }>
}

export type ArcaAuthorizedVoucher = {
  cae: string
  /** YYYY-MM-DD */
  caeDueDate: string
  /** YYYY-MM-DD */
  date: string
  totalCents: number
  docType: number
  docNumber: string
}

const TYPE_C = new Set([11, 12, 13, 15])

function soapEnvelope(prefix: string, ns: string, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:${prefix}="${ns}">` +
    `<soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  )
}

function authXml(auth: ArcaAuth): string {
  return (
    `<ar:Auth><ar:Token>${escapeXml(auth.token)}</ar:Token><ar:Sign>${escapeXml(auth.sign)}</ar:Sign>` +
    `<ar:Cuit>${escapeXml(auth.cuit.replace(/\D/g, ''))}</ar:Cuit></ar:Auth>`
  )
}

/** FECAEDetRequest's children in the order of WSFEv1's schema (a sequence). */
export function voucherDetailXml(v: ArcaVoucher): string {
  const isC = TYPE_C.has(v.voucherType)
  const parts = [
    `<ar:Concepto>${v.concept}</ar:Concepto>`,
    `<ar:DocTipo>${v.docType}</ar:DocTipo>`,
    `<ar:DocNro>${escapeXml(v.docType === 99 ? '0' : v.docNumber.replace(/\D/g, ''))}</ar:DocNro>`,
    `<ar:CbteDesde>${v.number}</ar:CbteDesde>`,
    `<ar:CbteHasta>${v.number}</ar:CbteHasta>`,
    `<ar:CbteFch>${toWireDate(v.date)}</ar:CbteFch>`,
    `<ar:ImpTotal>${centsToDecimal(v.totalCents)}</ar:ImpTotal>`,
    `<ar:ImpTotConc>${centsToDecimal(v.nonTaxedCents)}</ar:ImpTotConc>`,
    `<ar:ImpNeto>${centsToDecimal(v.netTaxedCents)}</ar:ImpNeto>`,
    `<ar:ImpOpEx>${centsToDecimal(v.exemptCents)}</ar:ImpOpEx>`,
    `<ar:ImpTrib>0.00</ar:ImpTrib>`,
    `<ar:ImpIVA>${centsToDecimal(v.vatCents)}</ar:ImpIVA>`,
  ]
  if (v.concept !== 1) {
    parts.push(
      `<ar:FchServDesde>${toWireDate(v.serviceFrom ?? v.date)}</ar:FchServDesde>`,
      `<ar:FchServHasta>${toWireDate(v.serviceTo ?? v.date)}</ar:FchServHasta>`,
      `<ar:FchVtoPago>${toWireDate(v.paymentDueDate ?? v.date)}</ar:FchVtoPago>`,
    )
  }
  parts.push('<ar:MonId>PES</ar:MonId>', '<ar:MonCotiz>1</ar:MonCotiz>')
  parts.push(`<ar:CondicionIVAReceptorId>${v.receiverVatConditionId}</ar:CondicionIVAReceptorId>`)
  if (v.associated && v.associated.length > 0) {
    parts.push(
      '<ar:CbtesAsoc>' +
        v.associated
          .map(
            (a) =>
              `<ar:CbteAsoc><ar:Tipo>${a.voucherType}</ar:Tipo><ar:PtoVta>${a.pointOfSale}</ar:PtoVta>` +
              `<ar:Nro>${a.number}</ar:Nro>` +
              // An empty Cuit is refused (10151): the issuer's own vouchers may go without it.
              (a.cuit.replace(/\D/g, '') ? `<ar:Cuit>${a.cuit.replace(/\D/g, '')}</ar:Cuit>` : '') +
              `<ar:CbteFch>${toWireDate(a.date)}</ar:CbteFch></ar:CbteAsoc>`,
          )
          .join('') +
        '</ar:CbtesAsoc>',
    )
  }
  // Type C vouchers carry no IVA array (WSFEv1 error 10071).
  if (!isC && v.vatLines.length > 0) {
    parts.push(
      '<ar:Iva>' +
        v.vatLines
          .map(
            (l) =>
              `<ar:AlicIva><ar:Id>${l.id}</ar:Id><ar:BaseImp>${centsToDecimal(l.baseCents)}</ar:BaseImp>` +
              `<ar:Importe>${centsToDecimal(l.amountCents)}</ar:Importe></ar:AlicIva>`,
          )
          .join('') +
        '</ar:Iva>',
    )
  }
  return `<ar:FECAEDetRequest>${parts.join('')}</ar:FECAEDetRequest>`
}

/** WSFEv1's Errors / Observaciones lists as {code, message}. */
function codesOf(node: unknown, item: 'Err' | 'Obs'): Array<{ code: string; message: string }> {
  return list(at(node, item)).map((e) => ({ code: text(at(e, 'Code')) ?? '', message: text(at(e, 'Msg')) ?? '' }))
}

export function createArcaClient(opts: { wsaaUrl: string; wsfeUrl: string; timeoutMs?: number }): ArcaClient {
  const http = axios.create({
    timeout: opts.timeoutMs ?? 20_000,
    // ARCA's production WSFEv1 still negotiates a Diffie-Hellman key OpenSSL 3's default security
    // level refuses ("dh key too small"): level 1 for these hosts only.
    httpsAgent: new https.Agent({ keepAlive: true, ciphers: 'DEFAULT@SECLEVEL=1', minVersion: 'TLSv1.2' }),
    responseType: 'arraybuffer',
    // SOAP faults come with HTTP 500: read every answer and decide from its body.
    validateStatus: () => true,
    maxRedirects: 0,
  })

  async function post(
    service: 'wsaa' | 'wsfe',
    url: string,
    soapAction: string,
    envelope: string,
    pointOfSale?: number,
  ): Promise<{ status: number; body: XmlNode | null; raw: string }> {
    let res: AxiosResponse<ArrayBuffer>
    try {
      res = await http.post<ArrayBuffer>(url, envelope, {
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${soapAction}"` },
      })
    } catch (err) {
      const code = axios.isAxiosError(err) && (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') ? 'timeout' : 'network'
      const message = err instanceof Error ? err.message : String(err)
      throw new ArcaError(service, code, `No se pudo hablar con ARCA: ${message}`, true, pointOfSale)
    }
    const raw = decodeBody(Buffer.from(res.data), String(res.headers['content-type'] ?? ''))
    let body: XmlNode | null = null
    try {
      body = raw.trimStart().startsWith('<') ? parseXml(raw) : null
    } catch {
      body = null
    }
    const fault = at(body, 'Envelope', 'Body', 'Fault')
    if (fault !== undefined) {
      const faultCode = (text(at(fault, 'faultcode')) ?? '').replace(/^[\w-]+:/, '')
      const faultString = text(at(fault, 'faultstring')) ?? 'SOAP fault'
      if (service === 'wsaa' && faultCode && !/^(Server|Client)\b/.test(faultCode)) {
        throw new ArcaError('wsaa', faultCode, faultString, WSAA_TRANSIENT.has(faultCode))
      }
      // A generic server fault (soap:Server) is ARCA's service failing, not our request.
      const isServer = /^Server/i.test(faultCode)
      throw new ArcaError(service, isServer ? 'soap.server' : `soap.${faultCode || 'fault'}`, faultString, isServer, pointOfSale)
    }
    if (res.status >= 500) {
      throw new ArcaError(service, `http.${res.status}`, `ARCA respondió HTTP ${res.status}`, true, pointOfSale)
    }
    if (res.status >= 400 || body === null || at(body, 'Envelope', 'Body') === undefined) {
      // An HTML maintenance page or a proxy's answer: ARCA is not there right now.
      throw new ArcaError(service, res.status >= 400 ? `http.${res.status}` : 'bad-answer', `Respuesta inesperada de ARCA (HTTP ${res.status})`, res.status < 400 || res.status === 429, pointOfSale)
    }
    return { status: res.status, body, raw }
  }

  function wsfeCall(method: string, inner: string, pointOfSale?: number) {
    return post(
      'wsfe',
      opts.wsfeUrl,
      `${WSFE_NS}${method}`,
      soapEnvelope('ar', WSFE_NS, `<ar:${method}>${inner}</ar:${method}>`),
      pointOfSale,
    ).then(({ body }) => {
      const result = at(body, 'Envelope', 'Body', `${method}Response`, `${method}Result`)
      if (result === undefined) throw new ArcaError('wsfe', 'bad-answer', `ARCA no devolvió ${method}Result`, true, pointOfSale)
      return result
    })
  }

  function wsfeError(err: { code: string; message: string }, pointOfSale: number): ArcaError {
    return new ArcaError('wsfe', err.code, err.message, WSFE_TRANSIENT.has(err.code), pointOfSale)
  }

  return {
    async login({ certificatePem, privateKeyPem, service = 'wsfe', now = new Date() }) {
      const cms = signTra(buildTra(service, now), certificatePem, privateKeyPem, now)
      const { body } = await post(
        'wsaa',
        opts.wsaaUrl,
        '',
        soapEnvelope('wsaa', WSAA_NS, `<wsaa:loginCms><wsaa:in0>${cms}</wsaa:in0></wsaa:loginCms>`),
      )
      const ticketXml = text(at(body, 'Envelope', 'Body', 'loginCmsResponse', 'loginCmsReturn'))
      const ticket = ticketXml ? at(parseXml(ticketXml), 'loginTicketResponse') : undefined
      const token = text(at(ticket, 'credentials', 'token'))
      const sign = text(at(ticket, 'credentials', 'sign'))
      const expiration = text(at(ticket, 'header', 'expirationTime'))
      const expiresAt = expiration ? new Date(expiration) : null
      if (!token || !sign || !expiresAt || Number.isNaN(expiresAt.getTime())) {
        throw new ArcaError('wsaa', 'bad-answer', 'WSAA no devolvió un ticket de acceso', true)
      }
      return { token, sign, expiresAt }
    },

    async lastAuthorized(auth, pointOfSale, voucherType) {
      const result = await wsfeCall(
        'FECompUltimoAutorizado',
        `${authXml(auth)}<ar:PtoVta>${pointOfSale}</ar:PtoVta><ar:CbteTipo>${voucherType}</ar:CbteTipo>`,
        pointOfSale,
      )
      const [error] = codesOf(at(result, 'Errors'), 'Err')
      if (error) throw wsfeError(error, pointOfSale)
      const number = Number(text(at(result, 'CbteNro')))
      if (!Number.isSafeInteger(number)) throw new ArcaError('wsfe', 'bad-answer', 'ARCA no devolvió CbteNro', true, pointOfSale)
      return number
    },

    async requestCae(auth, voucher) {
      const inner =
        authXml(auth) +
        '<ar:FeCAEReq><ar:FeCabReq><ar:CantReg>1</ar:CantReg>' +
        `<ar:PtoVta>${voucher.pointOfSale}</ar:PtoVta><ar:CbteTipo>${voucher.voucherType}</ar:CbteTipo></ar:FeCabReq>` +
        `<ar:FeDetReq>${voucherDetailXml(voucher)}</ar:FeDetReq></ar:FeCAEReq>`
      const result = await wsfeCall('FECAESolicitar', inner, voucher.pointOfSale)
      const errors = codesOf(at(result, 'Errors'), 'Err')
      const detail = list(at(result, 'FeDetResp', 'FECAEDetResponse'))[0]
      const observations = codesOf(at(detail, 'Observaciones'), 'Obs')
      const outcome = text(at(detail, 'Resultado')) ?? text(at(result, 'FeCabResp', 'Resultado'))
      const cae = text(at(detail, 'CAE')) ?? ''
      const dueDate = text(at(detail, 'CAEFchVto')) ?? ''
      if (outcome !== 'A' || !/^\d{14}$/.test(cae) || !/^\d{8}$/.test(dueDate)) {
        const first = errors[0] ?? observations[0]
        if (first) throw wsfeError(first, voucher.pointOfSale)
        throw new ArcaError('wsfe', 'bad-answer', `ARCA no autorizó el comprobante (Resultado ${outcome ?? '?'})`, true, voucher.pointOfSale)
      }
      return {
        cae,
        caeDueDate: fromWireDate(dueDate),
        observations: observations.map((o) => ({ code: Number(o.code), message: o.message })),
      }
    },

    async findAuthorized(auth, pointOfSale, voucherType, number) {
      const result = await wsfeCall(
        'FECompConsultar',
        `${authXml(auth)}<ar:FeCompConsReq><ar:CbteTipo>${voucherType}</ar:CbteTipo><ar:CbteNro>${number}</ar:CbteNro>` +
          `<ar:PtoVta>${pointOfSale}</ar:PtoVta></ar:FeCompConsReq>`,
        pointOfSale,
      )
      const [error] = codesOf(at(result, 'Errors'), 'Err')
      if (error?.code === '602') return null
      if (error) throw wsfeError(error, pointOfSale)
      const found = at(result, 'ResultGet')
      const cae = text(at(found, 'CodAutorizacion')) ?? ''
      const dueDate = text(at(found, 'FchVto')) ?? ''
      const date = text(at(found, 'CbteFch')) ?? ''
      const totalCents = decimalToCents(text(at(found, 'ImpTotal')))
      if (!/^\d{14}$/.test(cae) || !/^\d{8}$/.test(dueDate) || !/^\d{8}$/.test(date) || totalCents === null)
        throw new ArcaError('wsfe', 'bad-answer', 'ARCA no devolvió el comprobante consultado', true, pointOfSale)
      return {
        cae,
        caeDueDate: fromWireDate(dueDate),
        date: fromWireDate(date),
        totalCents,
        docType: Number(text(at(found, 'DocTipo'))),
        docNumber: text(at(found, 'DocNro')) ?? '',
      }
    },

    async health() {
      const result = await wsfeCall('FEDummy', '')
      return {
        appServer: text(at(result, 'AppServer')) ?? '',
        dbServer: text(at(result, 'DbServer')) ?? '',
        authServer: text(at(result, 'AuthServer')) ?? '',
      }
    },
  }
}
