import type { FastifySchemaCompiler } from 'fastify'
import { z } from 'zod'

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
