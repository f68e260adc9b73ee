import { z } from 'zod'
import { ERROR_CODES } from './error-catalogue.ts'

export { ERROR_CATALOGUE, ERROR_CODES, type ErrorCode } from './error-catalogue.ts'

export const errorCodeSchema = z.enum(ERROR_CODES)

export const fieldErrorSchema = z.object({ name: z.string(), message: z.string() })
export type FieldError = z.infer<typeof fieldErrorSchema>

/** The body of every error answer: `{ statusCode, code, message, errors? }`. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: errorCodeSchema,
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

export { AUTH_FORBIDDEN_HEADER } from './constants.ts'
