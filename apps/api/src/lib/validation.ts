import type {
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  HookHandlerDoneFunction,
} from 'fastify'
import { z } from 'zod'
import { AppError } from './errors.ts'

export const REQUIRED_MESSAGE = 'Este campo es obligatorio'

/** Spanish messages for every zod issue (zod's own es locale), with one wording for a missing value. */
z.config({
  ...z.locales.es(),
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED_MESSAGE
    return undefined
  },
})

/** One issue as the error handler reads it from `error.validation`. */
export type ValidationIssue = { name: string; message: string; missing: boolean }

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let current = data
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

/**
 * A validator compiler like fastify-type-provider-zod's, but it looks at the raw input so that an
 * absent (or empty query-string) value answers MISSING_REQUIRED_FIELD rather than INVALID, even
 * behind z.coerce.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data)
    if (result.success) return { value: result.data }
    const issues: ValidationIssue[] = result.error.issues.map((issue) => {
      const raw = valueAt(data, issue.path)
      const missing = issue.code === 'invalid_type' && (raw === undefined || raw === '')
      return {
        name: issue.path.map(String).join('.'),
        message: missing ? REQUIRED_MESSAGE : issue.message,
        missing,
      }
    })
    // Fastify stores a non-Error result as `error.validation`, which the error handler reads.
    return { error: issues as unknown as Error }
  }

/**
 * Text PostgreSQL cannot store: NUL (refused in text and jsonb) and UTF-16 halves without their
 * pair (JSON escapes such as "\ud800" parse to these; jsonb refuses them, text would keep U+FFFD).
 */
const UNSTORABLE_TEXT =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Every string UNSTORABLE_TEXT could match contains one of these: a cheap test first. */
// eslint-disable-next-line no-control-regex -- NUL is one of them
const MAYBE_UNSTORABLE = /[\u0000\ud800-\udfff]/

export const UNSTORABLE_TEXT_MESSAGE = 'Contiene caracteres no permitidos'

const unstorable = (text: string) => MAYBE_UNSTORABLE.test(text) && UNSTORABLE_TEXT.test(text)

/**
 * The path of the first string (value or object key) in `value` that PostgreSQL cannot store, or
 * null. Nesting is bounded so that a hostile document cannot exhaust the stack. It runs on every
 * request's params, query and body: the path is only spelled out once something is found.
 */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | null {
  const found = unstorableAt(value, depth)
  if (found === null) return null
  return path && found ? `${path}.${found}` : path || found
}

/** findUnstorableText's path relative to `value` ('' for `value` itself), or null. */
function unstorableAt(value: unknown, depth: number): string | null {
  if (typeof value === 'string') return unstorable(value) ? '' : null
  if (value === null || typeof value !== 'object' || depth > 64) return null
  if (Buffer.isBuffer(value)) return null
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    if (unstorable(key)) return key
    const found = unstorableAt(record[key], depth + 1)
    if (found !== null) return found ? `${key}.${found}` : key
  }
  return null
}

const INPUTS = ['params', 'query', 'body'] as const

/**
 * preValidation hook of every route: NUL and lone surrogates in params, query or body are a 400
 * INVALID at the edge, before any schema, service or query sees them (the error handler's mapping
 * of PostgreSQL data errors is only the safety net behind this).
 */
export function rejectUnstorableText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
) {
  // Synchronous, with no allocation when nothing is wrong: it runs on every request.
  for (const context of INPUTS) {
    const at = findUnstorableText(request[context])
    if (at === null) continue
    const name = at || context
    return done(
      new AppError('INVALID', `Revisá los datos: ${name}: ${UNSTORABLE_TEXT_MESSAGE}.`, {
        errors: [{ name, message: UNSTORABLE_TEXT_MESSAGE }],
      }),
    )
  }
  done()
}
