import { ERROR_CATALOGUE, type ErrorCode } from '@barrio/contracts/error-catalogue'
import type { FieldError } from '@barrio/contracts/errors'
import { isAxiosError } from 'axios'

export const NETWORK_ERROR_MESSAGE =
  'No pudimos conectarnos con Barrio. Revisá tu conexión e intentá nuevamente.'
export const UNKNOWN_ERROR_MESSAGE = 'Ocurrió un error inesperado. Intentá nuevamente.'

/**
 * The one error type the web app's API layer throws: the server body `{statusCode, code, message, errors?}`
 * normalised. A request that got no answer has statusCode 0.
 */
export class ApiError extends Error {
  readonly statusCode: number
  readonly code: ErrorCode
  readonly errors: FieldError[]
  /** The raw response body, when there was one. */
  readonly data: unknown

  constructor({
    statusCode,
    code,
    message,
    errors = [],
    data,
  }: {
    statusCode: number
    code: ErrorCode
    message: string
    errors?: FieldError[]
    data?: unknown
  }) {
    super(message)
    this.name = 'ApiError'
    this.statusCode = statusCode
    this.code = code
    this.errors = errors
    this.data = data
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    422: 'UNPROCESSABLE_ENTITY',
    429: 'TOO_MANY_REQUESTS',
    501: 'NOT_IMPLEMENTED',
    503: 'SERVICE_UNAVAILABLE',
    504: 'GATEWAY_TIMEOUT',
  }
  return byStatus[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST')
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value)
}

/** The ApiError for an error answer: its status and its body (JSON, or anything else). */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  // Checked by hand, not with zod (decision 020): the body may come from a proxy rather than our
  // API, and one that is almost right (unknown code, missing statusCode) still carries a useful
  // message.
  const loose = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const code = isErrorCode(loose.code) ? loose.code : codeForStatus(status)
  const message =
    typeof loose.message === 'string' && loose.message.trim() !== ''
      ? loose.message
      : ERROR_CATALOGUE[code].message
  const errors = Array.isArray(loose.errors)
    ? loose.errors.filter(
        (e): e is FieldError =>
          typeof e === 'object' &&
          e !== null &&
          typeof e.name === 'string' &&
          typeof e.message === 'string',
      )
    : []
  return new ApiError({ statusCode: status, code, message, errors, data: body })
}

/** Normalises anything thrown by axios (or elsewhere) into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (isAxiosError(error)) {
    const response = error.response
    if (!response) {
      return new ApiError({
        statusCode: 0,
        code: 'SERVICE_UNAVAILABLE',
        message: NETWORK_ERROR_MESSAGE,
      })
    }
    return apiErrorFromResponse(response.status, response.data)
  }
  if (error instanceof Error) {
    return new ApiError({
      statusCode: 500,
      code: 'INTERNAL_SERVER_ERROR',
      message: error.message || UNKNOWN_ERROR_MESSAGE,
    })
  }
  return new ApiError({
    statusCode: 500,
    code: 'INTERNAL_SERVER_ERROR',
    message: UNKNOWN_ERROR_MESSAGE,
  })
}

/** A human message for anything thrown (C11). */
export function getErrorMessage(error: unknown, fallback = UNKNOWN_ERROR_MESSAGE): string {
  if (typeof error === 'string' && error.trim() !== '') return error
  if (isApiError(error) || isAxiosError(error)) return toApiError(error).message || fallback
  if (error instanceof Error && error.message) return error.message
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message
  }
  return fallback
}

/** Field errors keyed by field name, for showing each under its input. */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {}
  const result: Record<string, string> = {}
  for (const { name, message } of error.errors) {
    if (!(name in result)) result[name] = message
  }
  return result
}

/** The message the server sent in its error body, or null (no answer, or a body without one). */
export function getServerMessage(error: unknown): string | null {
  if (!isApiError(error)) return null
  const data = error.data
  if (
    typeof data === 'object' &&
    data !== null &&
    'message' in data &&
    typeof data.message === 'string' &&
    data.message.trim() !== ''
  ) {
    return data.message
  }
  return null
}
