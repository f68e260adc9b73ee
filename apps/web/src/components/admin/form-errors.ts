import { z } from 'zod'

/** Field errors keyed by dotted path (`address.street`, `variants.0.price`), like the server's. */
export type FieldErrors = Record<string, string>

const spanish = z.locales.es().localeError

/** Issues of a failed parse keyed by dotted path (first message per path). */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
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
