import { ERROR_CATALOGUE, type ErrorCode, type FieldError } from '@barrio/contracts/errors'

/**
 * The one error type services throw. The catalogue gives each code its HTTP status and a Spanish
 * default message; the error handler turns it into `{ statusCode, code, message, errors? }`.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly statusCode: number
  readonly errors: FieldError[] | undefined
  /** Extra response headers, e.g. the auth-forbidden marker on a dead session. */
  readonly headers: Record<string, string> | undefined
  /**
   * Extra fields of the body beside `statusCode, code, message, errors`, which the route's error
   * schema declares (checkout confirm's 409 carries the new `summary`).
   */
  readonly details: Record<string, unknown> | undefined

  constructor(
    code: ErrorCode,
    message?: string,
    options: {
      statusCode?: number
      errors?: FieldError[]
      headers?: Record<string, string>
      details?: Record<string, unknown>
      cause?: unknown
    } = {},
  ) {
    super(message ?? ERROR_CATALOGUE[code].message, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.statusCode = options.statusCode ?? ERROR_CATALOGUE[code].status
    this.errors = options.errors
    this.headers = options.headers
    this.details = options.details
  }
}

/** A field error for a single named input, as `errors: [{ name, message }]`. */
export function fieldError(code: ErrorCode, name: string, message: string): AppError {
  return new AppError(code, message, { errors: [{ name, message }] })
}

/** The SQLSTATE of a PostgreSQL error, whether raw or wrapped by Drizzle's DrizzleQueryError. */
export function postgresCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return null
}

/** PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return postgresCode(error) === '23505'
}

/**
 * PostgreSQL refused a value itself: class 22 "data exception" (NUL or bad Unicode 22021/22P05,
 * out of range 22003/22008, bad syntax 22P02/22007, too long 22001…) or 54000 "program limit
 * exceeded" (a value too big for an index or a tsvector).
 */
export function isDataError(error: unknown): boolean {
  const code = postgresCode(error)
  return code !== null && (code.startsWith('22') || code === '54000')
}

/** Deadlock (40P01) or serialization failure (40001). */
export function isRetryableConflict(error: unknown): boolean {
  const code = postgresCode(error)
  return code === '40P01' || code === '40001'
}
