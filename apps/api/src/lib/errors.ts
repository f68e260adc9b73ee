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

  constructor(
    code: ErrorCode,
    message?: string,
    options: {
      statusCode?: number
      errors?: FieldError[]
      headers?: Record<string, string>
      cause?: unknown
    } = {},
  ) {
    super(message ?? ERROR_CATALOGUE[code].message, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.statusCode = options.statusCode ?? ERROR_CATALOGUE[code].status
    this.errors = options.errors
    this.headers = options.headers
  }
}

/** A field error for a single named input, as `errors: [{ name, message }]`. */
export function fieldError(code: ErrorCode, name: string, message: string): AppError {
  return new AppError(code, message, { errors: [{ name, message }] })
}

/** PostgreSQL's unique_violation (23505), whether raw or wrapped by Drizzle's DrizzleQueryError. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}
