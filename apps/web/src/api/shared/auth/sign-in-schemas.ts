import { messageSchema, pwlessLoginInputSchema } from '@barrio/contracts/auth'
import { errorBodySchema } from '@barrio/contracts/errors'
import { z } from 'zod'

import { ApiError } from '@/lib/http/api-error'
import { LOGIN_PASSWORD_REQUIRED, LOGIN_USER_REQUIRED } from '@/api/shared/auth/sign-in-messages'

// The zod schemas of the sign-in dialog's requests, in their own module so that they load when a
// form is sent, not when the dialog opens: every visitor gets the dialog on start (spec section
// 4), and evaluating zod with the contracts' schemas is ~35 ms on this machine, ~140 ms on a phone
// (issue 10, blocking time). Import it through `loadSignInSchemas`.

export const loginInputSchema = z.object({
  userName: z.string().trim().min(1, LOGIN_USER_REQUIRED),
  password: z.string().min(1, LOGIN_PASSWORD_REQUIRED),
})

const spanish = z.locales.es().localeError

/**
 * The request body checked with its schema, or a 400 ApiError whose `errors[]` name the fields
 * the way the server would: the form kit puts both under the same fields (issue 23). The sign-in
 * forms cannot validate with zod before the first send, so they check here, on the way out.
 */
export function checkedBody<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { error: spanish })
  if (result.success) return result.data
  throw new ApiError({
    statusCode: 400,
    code: 'INVALID',
    message: 'Revisá los campos marcados.',
    errors: result.error.issues.map((issue) => ({
      name: issue.path.map(String).join('.') || '_',
      message: issue.message,
    })),
  })
}

export { errorBodySchema, messageSchema, pwlessLoginInputSchema }
