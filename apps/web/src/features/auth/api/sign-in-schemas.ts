import { messageSchema, pwlessLoginInputSchema } from '@barrio/contracts/auth'
import { errorBodySchema } from '@barrio/contracts/errors'
import { z } from 'zod'

// The zod schemas of the sign-in dialog's requests, in their own module so that they load when a
// form is sent, not when the dialog opens: every visitor gets the dialog on start (spec section
// 4), and evaluating zod with the contracts' schemas is ~35 ms on this machine, ~140 ms on a phone
// (issue 10, blocking time). Import it through `loadSignInSchemas`.

export const loginInputSchema = z.object({
  userName: z.string().trim().min(1, 'Ingresá tu usuario o correo electrónico'),
  password: z.string().min(1, 'Ingresá tu contraseña'),
})

export { errorBodySchema, messageSchema, pwlessLoginInputSchema }
