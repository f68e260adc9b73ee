import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { HEADERS } from '@barrio/contracts/constants'
import cors from '@fastify/cors'
import helmet, { type HelmetOptions } from 'helmet'
import fp from 'fastify-plugin'

export type SecurityOptions = {
  /** Origins allowed to call the API with credentials (PUBLIC_URL, WEB_ORIGINS, native shell). */
  origins: string[]
  publicUrl: string
  /** Folder of the built web app: the hashes of index.html's inline scripts go into the CSP. */
  webDist: string | null
  /** Where uploaded media is served from when it is not this origin (S3_PUBLIC_URL). */
  mediaUrl: string | null
  /** The pin map's tile template (MAP_TILE_URL); its host may serve images. Optional in tests. */
  mapTileUrl?: string
}

/**
 * The browser features the app does not use are switched off; geolocation is its own. Only
 * features browsers recognise: an unknown one (e.g. `bluetooth`, which Chromium does not govern
 * by this header) makes every page log "Unrecognized feature" (issue 30).
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), serial=(), browsing-topics=()'

// Google Maps JS (address search, when a key is configured) loads from these hosts.
const GOOGLE_MAPS = {
  script: ['https://maps.googleapis.com', 'https://*.gstatic.com'],
  img: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
  ],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
}

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

/**
 * The img-src source of a tile template: its origin, with a `{s}` subdomain placeholder as a
 * `*.` wildcard (`https://{s}.tile.example/{z}/{x}/{y}.png` → `https://*.tile.example`).
 */
export function tileOrigins(template: string): string[] {
  const match = /^(https?):\/\/([^/]+)/.exec(template)
  if (!match) return []
  const host = match[2]!.replace(/^\{s\}\./, '*.')
  return [`${match[1]}://${host}`]
}

/** `'sha256-…'` sources for every inline (src-less) script of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? ''
    if (/\ssrc\s*=/i.test(attributes)) continue
    const digest = createHash('sha256')
      .update(match[2] ?? '', 'utf8')
      .digest('base64')
    hashes.push(`'sha256-${digest}'`)
  }
  return hashes
}

/** The Content-Security-Policy directives of the app and the API. */
export function contentSecurityPolicy(opts: Omit<SecurityOptions, 'origins'>) {
  const indexFile = opts.webDist ? path.join(opts.webDist, 'index.html') : null
  const scriptHashes =
    indexFile && existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : []
  const media = opts.mediaUrl ? [new URL(opts.mediaUrl).origin] : []
  const tiles = tileOrigins(opts.mapTileUrl ?? DEFAULT_TILE_URL)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...GOOGLE_MAPS.script],
    'script-src-attr': ["'none'"],
    // Mantine writes style attributes and <style> tags at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media, ...tiles, ...GOOGLE_MAPS.img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...media, ...GOOGLE_MAPS.connect],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  }
  if (opts.publicUrl.startsWith('https://')) directives['upgrade-insecure-requests'] = []
  return directives
}

/**
 * Helmet's headers, computed once: they do not depend on the request. (@fastify/helmet built the
 * whole helmet middleware again on every request, re-parsing the CSP: ~10 % of a small answer's
 * CPU, bench/README.md.) Runs helmet's own middleware against a recorder.
 */
export function securityHeaders(config: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  }
  helmet(config)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err
  })
  headers['permissions-policy'] = PERMISSIONS_POLICY
  return headers
}

/** Where the JSON API lives; its answers are data, never a document a browser renders. */
const API_PREFIX = '/api/v1/'

/**
 * The headers of a JSON answer (OWASP REST Security Cheat Sheet): nothing may be loaded or framed
 * from it, no sniffing, HTTPS only. The pages' long CSP, referrer and permissions policies govern
 * documents and mean nothing on JSON; leaving them off saves ~1 KB on every API answer, which
 * the nearby reads (decision 030) pay thousands of times a second.
 */
export function apiSecurityHeaders(
  documentHeaders: Record<string, string>,
): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security']
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  }
}

/**
 * CORS with credentials for the web origin and the Capacitor WebView origins (same-origin
 * requests need none), and the security headers of every answer: for pages a strict CSP (no inline
 * scripts but index.html's own, by hash), no framing, nosniff, referrer and permissions policies;
 * for the JSON API the short set above.
 */
export const securityPlugin = fp<SecurityOptions>(
  async function security(app, options) {
    const allowed = new Set(options.origins)
    await app.register(cors, {
      credentials: true,
      origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
      allowedHeaders: ['content-type', 'accept-language', ...Object.values(HEADERS)],
      exposedHeaders: ['x-request-id', 'x-auth-forbidden', 'retry-after'],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    })
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The native shell (another origin) shows /uploads images.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      hsts: options.publicUrl.startsWith('https://'),
    })
    const documentEntries = Object.entries(headers)
    const apiEntries = Object.entries(apiSecurityHeaders(headers))
    // One synchronous hook sets them all, on the raw response as @fastify/helmet did (so streamed
    // answers carry them too), and the request id every answer echoes.
    app.addHook('onRequest', function staticHeaders(request, reply, done) {
      const entries = request.url.startsWith(API_PREFIX) ? apiEntries : documentEntries
      for (const [name, value] of entries) reply.raw.setHeader(name, value)
      void reply.header('x-request-id', request.id)
      done()
    })
  },
  { name: 'security' },
)
