import type { z } from 'zod'

/** The first message of each top-level field of a failed parse. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && !(field in result)) result[field] = issue.message
  }
  return result
}

export const PASSWORD_MISMATCH_MESSAGE = 'Las contraseñas no coinciden'
