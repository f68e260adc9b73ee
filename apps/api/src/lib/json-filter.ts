import type { z } from 'zod'
import { AppError } from './errors.ts'

/**
 * Parses an admin list's `query` JSON filter against its whitelist schema. Bad JSON, unknown
 * fields or operators and bad values are 400 INVALID, each error naming its place (`query.status`).
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
