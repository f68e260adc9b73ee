import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type { LookupFunction } from 'node:net'

/**
 * Fetching an image a seller named by URL (the catalogue import, decision 057), guarded against
 * server-side request forgery: only http and https; the address a name resolves to is checked at
 * connect time (the socket's own lookup, so a name cannot resolve to a public address for the
 * check and to a private one for the connection), and loopback, private, link-local, CGNAT,
 * multicast and unspecified addresses are refused unless listed in `allowedAddresses` (tests, a
 * shop's own LAN). Redirects are followed (at most 3), each checked the same way. The whole
 * fetch is bounded by `timeoutMs` and the body by `maxBytes`.
 */

export type RemoteImageOptions = {
  /** Addresses that may be fetched although private or loopback (e.g. "127.0.0.1"). */
  allowedAddresses: readonly string[]
  timeoutMs: number
  maxBytes: number
}

/** Why a fetch was refused, as the end of a Spanish sentence ("la imagen … no se pudo traer: …"). */
export class RemoteImageError extends Error {}

const blocked = new net.BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6')

/** Loopback, private, link-local, CGNAT, multicast or unspecified (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)
  if (mapped) return blocked.check(mapped[1]!, 'ipv4')
  const family = net.isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) return blocked.check(address, 'ipv6')
  return true
}

function guardedLookup(allowed: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0)
      const list = addresses as dns.LookupAddress[]
      const refused = list.find((a) => isPrivateAddress(a.address) && !allowed.includes(a.address))
      if (refused || !list.length) return callback(new PrivateAddressError(hostname), '', 0)
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
      callback(null, list[0]!.address, list[0]!.family)
    })
  }
}
class PrivateAddressError extends Error {
  readonly code = 'BARRIO_PRIVATE_ADDRESS'
}

function getOnce(
  url: URL,
  options: RemoteImageOptions,
  signal: AbortSignal,
): Promise<{ status: number; location?: string; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const request = client.get(
      url,
      {
        signal,
        lookup: guardedLookup(options.allowedAddresses),
        headers: { accept: 'image/jpeg, image/png, image/webp', 'user-agent': 'Barrio-import/1' },
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume()
          return resolve({ status, location: response.headers.location })
        }
        if (status !== 200) {
          response.resume()
          return resolve({ status })
        }
        const declared = Number(response.headers['content-length'] ?? 0)
        if (declared > options.maxBytes) {
          response.destroy()
          return reject(new RemoteImageError(tooBig(options.maxBytes)))
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > options.maxBytes) {
            response.destroy()
            reject(new RemoteImageError(tooBig(options.maxBytes)))
            return
          }
          chunks.push(chunk)
        })
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      },
    )
    // An IP literal in the URL never goes through `lookup`: check it here.
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (net.isIP(host) && isPrivateAddress(host) && !options.allowedAddresses.includes(host)) {
      request.destroy(new PrivateAddressError(host))
    }
    request.on('error', reject)
  })
}

const tooBig = (max: number) => `pesa más de ${Math.round(max / 1024 / 1024)} MB`

/** The body of an image URL, or a RemoteImageError saying why not (in Spanish). */
export async function fetchRemoteImage(raw: string, options: RemoteImageOptions): Promise<Buffer> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new RemoteImageError('no es una dirección web válida')
  }
  const signal = AbortSignal.timeout(options.timeoutMs)
  for (let hop = 0; hop <= 3; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new RemoteImageError('solo se traen imágenes de direcciones http o https')
    if (url.username || url.password)
      throw new RemoteImageError('la dirección no puede llevar usuario ni contraseña')
    let answer: Awaited<ReturnType<typeof getOnce>>
    try {
      answer = await getOnce(url, options, signal)
    } catch (err) {
      if (err instanceof RemoteImageError) throw err
      if (
        err instanceof PrivateAddressError ||
        (err as { code?: string }).code === 'BARRIO_PRIVATE_ADDRESS'
      )
        throw new RemoteImageError('apunta a una dirección privada o local', { cause: err })
      if (signal.aborted)
        throw new RemoteImageError(`no respondió en ${Math.round(options.timeoutMs / 1000)} s`, {
          cause: err,
        })
      if ((err as { code?: string }).code === 'ENOTFOUND')
        throw new RemoteImageError('el sitio no existe', { cause: err })
      throw new RemoteImageError('no pudimos conectarnos con el sitio', { cause: err })
    }
    if (answer.body) return answer.body
    if (answer.location) {
      url = new URL(answer.location, url)
      continue
    }
    throw new RemoteImageError(`el sitio respondió ${answer.status}`)
  }
  throw new RemoteImageError('redirige demasiadas veces')
}
