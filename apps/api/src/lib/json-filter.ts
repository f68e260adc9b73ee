import type { z } from 'zod'
import { AppError } from './errors.ts'
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './validation.ts'

/**
 * Parses an admin list's `query` JSON filter against its whitelist schema. Bad JSON, unknown
 * fields or operators, bad values and text PostgreSQL cannot store (NUL, lone surrogates written
 * as JSON escapes) are 400 INVALID, each error naming its place (`query.status`).
 */
export function parseJsonFilter<S extends z.ZodType<object>>(
  schema: S,
  raw: string | undefined,
): z.infer<S> | Record<string, never> {
  if (!raw) return {}
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    throw new AppError('INVALID', 'El filtro (query) no es un JSON válido.', {
      errors: [{ name: 'query', message: 'JSON inválido' }],
    })
  }
  // The root hook saw only the raw text: a JSON escape ("\u0000", a lone "\ud800") becomes the
  // character PostgreSQL refuses here, so the parsed document gets the same check (decision 012).
  const unstorable = findUnstorableText(json)
  if (unstorable !== null) {
    const name = unstorable ? `query.${unstorable}` : 'query'
    throw new AppError('INVALID', `Revisá el filtro: ${name}: ${UNSTORABLE_TEXT_MESSAGE}.`, {
      errors: [{ name, message: UNSTORABLE_TEXT_MESSAGE }],
    })
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({
      name: ['query', ...i.path.map(String)].join('.'),
      message:
        i.code === 'unrecognized_keys'
          ? `Campo u operador no permitido: ${i.keys.join(', ')}`
          : i.message,
    }))
    throw new AppError('INVALID', 'El filtro usa campos u operadores no permitidos.', { errors })
  }
  return parsed.data
}
