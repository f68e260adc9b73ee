import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { NATIVE_SHELL_ORIGINS } from '@barrio/contracts/native-shell'
import { z } from 'zod'
import { PLAN_CACHE_MODES } from '../db/plan-cache-mode.ts'

/** An optional value where an empty string (`GOOGLE_CLIENT_ID=` in a .env file) means unset. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional())

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * The only reader of process.env. Every variable has a default that runs on a laptop:
 * embedded PGlite in DATA_DIR, emails to the outbox log, the demo seed on an empty database.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * GET /metrics (Prometheus, decision 060) on its own port, on HOST: never on the public one.
   * Absent (and no METRICS_TOKEN): no metrics at all, /metrics answers 404.
   */
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(65535).optional(),
  ),
  /**
   * GET /metrics on the public port for `Authorization: Bearer <METRICS_TOKEN>` (and on
   * METRICS_PORT too when both are set). At least 32 characters.
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  /**
   * PostgreSQL: the most connections this process's pool opens (node-postgres' default is 10).
   * Every process holds up to this many: keep N processes × DATABASE_POOL_MAX plus the operators'
   * commands under the server's max_connections (100 by default). Ignored on PGlite.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * PostgreSQL: each connection prepares its repeated statements once (decision 067). Set false
   * behind a pooler in transaction mode that does not track prepared statements (PgBouncer < 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * PostgreSQL: how a prepared statement is planned (decision 067's addendum). `auto`, the
   * server's own default, plans the first five executions for their values and then keeps one plan
   * when it costs no more than theirs; `force_custom_plan` plans every execution (62 % of the
   * server's CPU in a checkout was planning); `force_generic_plan` never plans for the values.
   */
  DATABASE_PLAN_CACHE_MODE: z.enum(PLAN_CACHE_MODES).default('auto'),
  PUBLIC_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Barrio <no-responder@barrio.ar>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_ORIGINS: z.string().default(''),
  /**
   * Which proxies may tell the client address in X-Forwarded-For (Fastify's trustProxy). Off by
   * default: the header is ignored and the socket address is the client. A hop count ("1": one
   * reverse proxy in front) or a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value, ctx): false | number | string[] => {
      const text = value.trim()
      if (text === '' || text === 'false' || text === '0') return false
      if (/^\d+$/.test(text)) return Number(text)
      const entries = text
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)
      const bad = entries.find((e) => !isIP(e.split('/')[0] ?? '') && !PROXY_NAMES.has(e))
      if (bad !== undefined || entries.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `expected a hop count or proxy addresses/CIDRs separated by commas (got "${bad ?? text}")`,
        })
        return z.NEVER
      }
      return entries
    }),
  /** Sign-in, code and recovery attempts per client address and account together, per window. */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_ACCOUNT_WINDOW_S: z.coerce.number().int().positive().default(900),
  /** All identity calls from one client address per minute (generous: carrier NATs share one). */
  RATE_LIMIT_IP_MAX: z.coerce.number().int().positive().default(300),
  /** Live order pages (SSE): per customer (a new one closes their oldest), per process, heartbeat. */
  ORDER_STREAMS_PER_USER: z.coerce.number().int().positive().default(5),
  ORDER_STREAMS_MAX: z.coerce.number().int().positive().default(1000),
  ORDER_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(10).default(25_000),
  /** How often the server cancels Mercado Pago orders whose payment time ran out (stock back). */
  PAYMENT_EXPIRY_SWEEP_S: z.coerce.number().int().positive().default(60),
  /** New anonymous device ids and new anonymous carts per client address per minute (each). */
  RATE_LIMIT_ANON_CREATE_MAX: z.coerce.number().int().positive().default(120),
  /** Botón de arrepentimiento requests per client address, and per e-mail, in 10 minutes. */
  RATE_LIMIT_WITHDRAWAL_IP_MAX: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_WITHDRAWAL_EMAIL_MAX: z.coerce.number().int().positive().default(5),
  /** Empty anonymous carts and unused devices older than this many days are purged. */
  ANONYMOUS_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  /** Shops that do not deliver are "near" within this many km (pickup or shipping only). */
  BROWSE_RADIUS_KM: z.coerce.number().positive().max(200).default(10),
  /**
   * How long nearby answers, cell candidates and store data may be served from this process's
   * memory between change events (docs/decisions/024). Changes made by this process show on its
   * next request whatever this is; it bounds how long another process's change may take to show
   * when no cross-process channel is configured. Default: 1 s on PostgreSQL (several processes
   * may share it), 60 s on the embedded PGlite (one process owns the database).
   */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * Tests only: store schedules (open now, next opening) are judged by a clock that starts at this
   * instant and ticks from there (lib/clock.ts), so that end-to-end runs see the demo's shops open
   * at whatever hour they run. Refused with NODE_ENV=production.
   */
  SCHEDULE_CLOCK_START: z.iso.datetime({ offset: true }).optional(),
  /** S3-compatible media storage; all of bucket, keys and public URL must be set to enable it. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Redis for N processes (docs/operations.md): rate-limit counters and the cross-process event
   * bus (live order pages, the seller's new-order alert, cache invalidation). Absent: one process,
   * both in memory.
   */
  REDIS_URL: z.url().optional(),
  /** Prefix of every Redis key and channel, so deployments (and test runs) can share one Redis. */
  REDIS_PREFIX: z.string().min(1).default('barrio:'),
  /** How often each process's outbox worker looks for due e-mails and pushes. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(2000),
  /** On SIGTERM: how long in-flight requests and the outbox may take before the process exits. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * The map tiles the seller forms' pin map loads (the web's VITE_MAP_TILE_URL): their host goes
   * into the CSP's img-src. A {z}/{x}/{y} template; the default is OpenStreetMap's tile server.
   */
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /**
   * Door geocoding (decision 038): georef-ar's API (no key; empty to turn it off, as tests do),
   * or Google's Geocoding API when GOOGLE_GEOCODING_KEY is set. Either failing falls back to the
   * built-in gazetteer's locality centres.
   */
  GEOREF_API_URL: z.union([z.literal(''), z.url()]).default('https://apis.datos.gob.ar/georef/api'),
  GOOGLE_GEOCODING_KEY: optionalText,
  GOOGLE_GEOCODING_URL: z.url().default('https://maps.googleapis.com/maps/api/geocode/json'),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1500),
  /** Mercado Pago API base URL (tests point it at a fake server) and the webhook signing secret. */
  MP_API_URL: z.url().default('https://api.mercadopago.com'),
  MP_WEBHOOK_SECRET: z.string().min(8).optional(),
  /**
   * Mercado Pago as a marketplace (decision 049): the platform's application, to which stores
   * connect their accounts with OAuth (authorization code). Off unless both id and secret are set;
   * then stores can still paste an access token. MP_AUTH_URL is where the seller authorizes.
   */
  MP_CLIENT_ID: optionalText,
  MP_CLIENT_SECRET: optionalText,
  MP_AUTH_URL: z.url().default('https://auth.mercadopago.com/authorization'),
  /** A connected store's token is refreshed at use once fewer than this many days remain. */
  MP_TOKEN_REFRESH_DAYS: z.coerce.number().int().min(1).max(179).default(30),
  /**
   * ARCA's electronic invoicing (decision 054): WSAA (authentication) and WSFEv1 (invoices).
   * Homologación (ARCA's test environment) by default; production is
   * https://wsaa.afip.gov.ar/ws/services/LoginCms and
   * https://servicios1.afip.gov.ar/wsfev1/service.asmx.
   */
  ARCA_WSAA_URL: z.url().default('https://wsaahomo.afip.gov.ar/ws/services/LoginCms'),
  ARCA_WSFE_URL: z.url().default('https://wswhomo.afip.gov.ar/wsfev1/service.asmx'),
  ARCA_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(20_000),
  /**
   * The catalogue import fetches image URLs (decision 057): addresses it may fetch although they
   * are loopback or private (comma-separated IPs, e.g. "127.0.0.1" for tests). Default: none.
   */
  IMPORT_IMAGE_ALLOWED_ADDRESSES: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => isIP(a) !== 0), 'comma-separated IP addresses'),
  /** How long the import waits for one image URL (connect, redirects and body). */
  IMPORT_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  /** 'auto' makes an applicant a seller at once; 'manual' waits for `npm run barrio -- approve-merchant`. */
  MERCHANT_APPROVAL: z.enum(['auto', 'manual']).default('auto'),
  WEB_DIST: z.string().optional(),
  /** Sign-in with Google (OpenID Connect). Off unless both the client id and secret are set. */
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /**
   * Sign in with Apple. Off unless the client (Services ID) is set with either a ready client
   * secret or the team id, key id and PKCS8 private key (PEM) to sign one (ES256).
   */
  APPLE_CLIENT_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  APPLE_PRIVATE_KEY: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  APPLE_ISSUER: z.string().min(1).default('https://appleid.apple.com'),
  APPLE_AUTH_URL: z.url().default('https://appleid.apple.com/auth/authorize'),
  APPLE_TOKEN_URL: z.url().default('https://appleid.apple.com/auth/token'),
  APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
  /**
   * Push to Android through FCM HTTP v1: the Firebase service-account JSON (the text itself, or the
   * path of the file). Its `token_uri` is where the signed JWT is exchanged for an access token.
   * Unset: Android pushes are only logged by the outbox worker.
   */
  FCM_SERVICE_ACCOUNT: optionalText,
  FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
  /**
   * Push to iOS through APNs (HTTP/2, ES256 provider token): the key id and team id of the .p8 key,
   * its PKCS8 PEM (`\n` escapes accepted) and the app's bundle id as topic. Off unless all four
   * are set; then iOS pushes are only logged.
   */
  APNS_KEY_ID: optionalText,
  APNS_TEAM_ID: optionalText,
  APNS_PRIVATE_KEY: optionalText,
  APNS_TOPIC: optionalText,
  /** `https://api.sandbox.push.apple.com` for development builds. */
  APNS_API_URL: z.url().default('https://api.push.apple.com'),
})

export type Env = Omit<
  z.infer<typeof envSchema>,
  'PUBLIC_URL' | 'SESSION_SECRET' | 'WEB_ORIGINS'
> & {
  PUBLIC_URL: string
  SESSION_SECRET: string
  /** Origins allowed to call the API with credentials (the web origin plus Capacitor's). */
  WEB_ORIGINS: string[]
}

/**
 * Origins of the Capacitor WebView (iOS and Android), exactly as apps/web/capacitor.config.ts
 * configures them from the same NATIVE_SHELL constant. No plain http://localhost: a page served
 * by any local program must not call the API with the customer's credentials.
 */
export const CAPACITOR_ORIGINS: readonly string[] = NATIVE_SHELL_ORIGINS

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  const raw = parsed.data
  if (raw.SCHEDULE_CLOCK_START && source.NODE_ENV === 'production')
    throw new Error(
      'Invalid environment:\n  SCHEDULE_CLOCK_START: only for tests, not in production',
    )
  const dataDir = path.resolve(raw.DATA_DIR)
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, '')
  const extraOrigins = raw.WEB_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  return {
    ...raw,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: raw.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    WEB_ORIGINS: [new URL(publicUrl).origin, ...CAPACITOR_ORIGINS, ...extraOrigins],
  }
}

/** Keeps a generated secret in DATA_DIR so sessions survive restarts without configuration. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().default('https://oauth2.googleapis.com/token'),
})
export type FcmServiceAccount = z.infer<typeof serviceAccountSchema>

export type PushConfig = {
  fcm: { serviceAccount: FcmServiceAccount; apiUrl: string } | null
  apns: {
    keyId: string
    teamId: string
    privateKey: string
    topic: string
    apiUrl: string
  } | null
}

/**
 * The push gateways' settings: FCM when FCM_SERVICE_ACCOUNT is set (JSON text or a file path),
 * APNs when its four variables are. A malformed service account stops the start with a message.
 */
export function pushConfigFrom(env: Env): PushConfig {
  let fcm: PushConfig['fcm'] = null
  if (env.FCM_SERVICE_ACCOUNT) {
    const raw = env.FCM_SERVICE_ACCOUNT.trim()
    let json: unknown
    try {
      json = JSON.parse(raw.startsWith('{') ? raw : readFileSync(raw, 'utf8'))
    } catch (err) {
      throw new Error(`FCM_SERVICE_ACCOUNT is neither service-account JSON nor a readable file`, {
        cause: err,
      })
    }
    const parsed = serviceAccountSchema.safeParse(json)
    if (!parsed.success)
      throw new Error(
        `FCM_SERVICE_ACCOUNT lacks ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
      )
    fcm = { serviceAccount: parsed.data, apiUrl: env.FCM_API_URL }
  }
  const { APNS_KEY_ID, APNS_TEAM_ID, APNS_PRIVATE_KEY, APNS_TOPIC } = env
  const apns =
    APNS_KEY_ID && APNS_TEAM_ID && APNS_PRIVATE_KEY && APNS_TOPIC
      ? {
          keyId: APNS_KEY_ID,
          teamId: APNS_TEAM_ID,
          privateKey: APNS_PRIVATE_KEY.replaceAll('\\n', '\n'),
          topic: APNS_TOPIC,
          apiUrl: env.APNS_API_URL,
        }
      : null
  return { fcm, apns }
}
