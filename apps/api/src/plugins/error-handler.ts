import type { ErrorBody, ErrorCode } from '@barrio/contracts/errors'
import { ERROR_CATALOGUE } from '@barrio/contracts/errors'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { isResponseSerializationError } from 'fastify-type-provider-zod'
import {
  AppError,
  isDataError,
  isRetryableConflict,
  isUniqueViolation,
  postgresCode,
} from '../lib/errors.ts'
import type { ValidationIssue } from '../lib/validation.ts'

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
}

/** Fastify's own error codes that are the client's fault, mapped to a catalogue code. */
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST'
  if (status === 401) return 'UNAUTHORIZED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  if (status === 409) return 'CONFLICT'
  if (status === 413 || status === 415 || status === 422) return 'UNPROCESSABLE_ENTITY'
  if (status === 429) return 'TOO_MANY_REQUESTS'
  if (status === 501) return 'NOT_IMPLEMENTED'
  if (status === 503) return 'SERVICE_UNAVAILABLE'
  if (status === 504) return 'GATEWAY_TIMEOUT'
  return status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR'
}

const SPANISH_CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es un JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo JSON está vacío.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'El tipo de contenido no es compatible.',
}

/**
 * The one place errors become HTTP answers. Validation failures are 400 with per-field errors;
 * AppErrors carry their catalogue code; anything unexpected is a logged 500 with no stack trace.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  let body: ErrorBody & Record<string, unknown>
  if (error instanceof AppError) {
    body = { statusCode: error.statusCode, code: error.code, message: error.message }
    if (error.errors) body.errors = error.errors
    // Extra fields the route's error schema declares; never in place of the envelope's own.
    for (const [key, value] of Object.entries(error.details ?? {})) body[key] ??= value
    if (error.headers) void reply.headers(error.headers)
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ code: error.code, status: error.statusCode }, error.message)
  } else if (Array.isArray(error.validation)) {
    const context = CONTEXT_NAMES[error.validationContext ?? 'body'] ?? 'body'
    const issues = error.validation as unknown as ValidationIssue[]
    const errors = issues.map((i) => ({ name: i.name || context, message: i.message }))
    const code: ErrorCode = issues.some((i) => i.missing) ? 'MISSING_REQUIRED_FIELD' : 'INVALID'
    const first = errors[0]
    body = {
      statusCode: 400,
      code,
      message: first
        ? `Revisá los datos: ${first.name}: ${first.message}`
        : ERROR_CATALOGUE[code].message,
      errors,
    }
    request.log.info({ code, errors }, 'validation failed')
  } else if (isUniqueViolation(error)) {
    // A unique constraint lost a race that the service's own check could not see.
    request.log.info('unique violation answered as CONFLICT')
    body = { statusCode: 409, code: 'CONFLICT', message: ERROR_CATALOGUE.CONFLICT.message }
  } else if (isRetryableConflict(error)) {
    // A deadlock or serialization failure that outlived the transaction helper's retries (or hit a
    // single statement outside a transaction): the client may simply try again.
    request.log.warn({ err: error, pgCode: postgresCode(error) }, 'database conflict after retries')
    body = {
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Otra operación modificó los mismos datos al mismo tiempo. Probá de nuevo.',
    }
  } else if (isDataError(error)) {
    // Safety net, not the rule: inputs are bounded by their schemas and unstorable text is refused
    // by the preValidation hook, so reaching this means a bound is missing somewhere. The value is
    // the client's, so it is their 400 (never a 500), and a warning says which bound to add.
    request.log.warn(
      { err: error, pgCode: postgresCode(error), route: request.routeOptions.url },
      'database refused an input value: answered as INVALID',
    )
    body = {
      statusCode: 400,
      code: 'INVALID',
      message: 'Algún dato enviado no es válido o está fuera de rango.',
    }
  } else if (isResponseSerializationError(error)) {
    request.log.error(
      { err: error, issues: error.cause.issues },
      'response did not match its schema',
    )
    body = {
      statusCode: 500,
      code: 'INTERNAL_SERVER_ERROR',
      message: ERROR_CATALOGUE.INTERNAL_SERVER_ERROR.message,
    }
  } else {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    const code = codeForStatus(status)
    if (status >= 500) request.log.error({ err: error }, 'unexpected error')
    else request.log.info({ code, fastifyCode: error.code }, error.message)
    body = {
      statusCode: status,
      code,
      message: (error.code && SPANISH_CLIENT_MESSAGES[error.code]) ?? ERROR_CATALOGUE[code].message,
    }
  }
  return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body)
}

/** Unknown /api routes answer 404 JSON with NOT_FOUND. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const body: ErrorBody = {
    statusCode: 404,
    code: 'NOT_FOUND',
    message: `No existe la ruta ${request.method} ${request.url.split('?')[0]}.`,
  }
  return reply.status(404).send(body)
}
