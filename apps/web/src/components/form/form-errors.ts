import { z } from 'zod'

/**
 * Field errors keyed by dotted path (`address.street`, `variants.0.price`), like the server's.
 * Two sources fill them, each in one place: the contract schema on the client (`validateWith`)
 * and the server's `errors[]` (`getFieldErrors` in lib/http/api-error.ts).
 */
export type FieldErrors = Record<string, string>

const spanish = z.locales.es().localeError

/** Issues of a failed parse keyed by dotted path (first message per path). */
function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '_'
    if (!(path in errors)) errors[path] = issue.message
  }
  return errors
}

export type Validated<T> = { success: true; data: T } | { success: false; errors: FieldErrors }

/** Validates with a contract schema; messages the contract does not set come out in Spanish. */
export function validateWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
): Validated<z.output<S>> {
  const result = schema.safeParse(input, { error: spanish })
  if (result.success) return { success: true, data: result.data }
  return { success: false, errors: issuesToFieldErrors(result.error.issues) }
}

/** Under a repeated password that differs from the first (sign-up, password changes). */
export const PASSWORD_MISMATCH_MESSAGE = 'Las contraseñas no coinciden'

/**
 * A validation result with the form's own checks added (a real phone number, a repeated password):
 * an extra message wins over the contract's for the same field; undefined ones are ignored.
 */
export function withFieldErrors<T>(
  result: Validated<T>,
  extra: Record<string, string | undefined>,
): Validated<T> {
  const added = Object.fromEntries(
    Object.entries(extra).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  if (result.success && Object.keys(added).length === 0) return result
  return { success: false, errors: { ...(result.success ? {} : result.errors), ...added } }
}
