import { z } from 'zod'
import { platformSchema } from './enums.ts'
import { postalAddressInputSchema, storeCategorySchema } from './common.ts'

const required = (label: string) =>
  z
    .string({ error: `Ingresá ${label}` })
    .trim()
    .min(1, `Ingresá ${label}`)

export const emailSchema = z
  .email({ error: 'Ingresá un correo electrónico válido' })
  .trim()
  .max(254)
  .transform((e) => e.toLowerCase())
export const passwordSchema = z
  .string({ error: 'Ingresá una contraseña' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(200, 'La contraseña es demasiado larga')
export const userNameSchema = required('un nombre de usuario')
  .max(40, 'El nombre de usuario puede tener hasta 40 caracteres')
  .regex(/^[a-zA-Z0-9._-]+$/, 'Usá solo letras, números, punto, guion o guion bajo')
/** International format (E.164): the web app's phone input stores numbers this way. */
export const phoneSchema = z
  .string({ error: 'Ingresá un teléfono' })
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'Ingresá un teléfono válido en formato internacional')

/** Spec section 3: registration data. */
export const registerInputSchema = z.object({
  firstName: required('tu nombre').max(80),
  lastName: required('tu apellido').max(80),
  userName: userNameSchema,
  phone: phoneSchema,
  email: emailSchema,
  password: passwordSchema,
})
export type RegisterInput = z.infer<typeof registerInputSchema>

export const loginInputSchema = z.object({
  userName: required('tu usuario o correo').max(254),
  password: z.string({ error: 'Ingresá tu contraseña' }).min(1, 'Ingresá tu contraseña').max(200),
})
export type LoginInput = z.infer<typeof loginInputSchema>

export const pwlessLoginInputSchema = z.object({ email: emailSchema })
export const pwlessVerifyInputSchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'El código tiene 6 dígitos'),
})

/** Recovery accepts the user name or the email in `email` (spec: the "username-or-email" field). */
export const resetPasswordInputSchema = z.object({
  email: z
    .string({ error: 'Ingresá tu usuario o correo' })
    .trim()
    .min(1, 'Ingresá tu usuario o correo')
    .max(254),
})
export const recoverTokenInputSchema = z.object({
  token: z.string().trim().min(10, 'El enlace no es válido').max(200),
})
/** The token of an e-mail verification link (docs/decisions/010). */
export const verifyEmailInputSchema = z.object({
  token: z.string().trim().min(10, 'El enlace no es válido').max(200),
})
export const verifyEmailResponseSchema = z.object({ message: z.string(), email: z.string() })
export const changePasswordWithTokenInputSchema = z.object({
  token: z.string().trim().min(10, 'El enlace no es válido').max(200),
  password: passwordSchema,
})
export const accountChangePasswordInputSchema = z.object({
  oldPassword: z.string().min(1, 'Ingresá tu contraseña actual').max(200),
  newPassword: passwordSchema,
})

export const handoffInputSchema = z.object({ handoff: z.string().trim().min(10).max(200) })

export const messageSchema = z.object({ message: z.string() })

/** GET /auth/gen-device-id records the device; native shells add what Capacitor's Device tells. */
export const deviceInfoQuerySchema = z.object({
  platform: platformSchema.optional(),
  model: z.string().max(100).optional(),
  operatingSystem: z.string().max(50).optional(),
  osVersion: z.string().max(50).optional(),
  manufacturer: z.string().max(100).optional(),
  isVirtual: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  name: z.string().max(100).optional(),
})

export const pushTestInputSchema = z.object({
  deviceToken: z.string().trim().min(1, 'Falta el token del dispositivo').max(4096),
  devicePlatform: z.enum(['android', 'ios', 'web'], { error: 'Plataforma no válida' }),
})

/** Profile update that completes onboarding. */
export const profileUpdateInputSchema = z.object({
  firstName: required('tu nombre').max(80),
  lastName: required('tu apellido').max(80),
  userName: userNameSchema,
  phone: phoneSchema,
})
export type ProfileUpdateInput = z.infer<typeof profileUpdateInputSchema>

/** CUIT: 11 digits, the last one a mod-11 check digit over weights 5,4,3,2,7,6,5,4,3,2. */
export function isValidCuit(value: string): boolean {
  const digits = value.replace(/[-\s]/g, '')
  if (!/^\d{11}$/.test(digits)) return false
  if (!['20', '23', '24', '27', '30', '33', '34'].includes(digits.slice(0, 2))) return false
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0)
  const mod = 11 - (sum % 11)
  const check = mod === 11 ? 0 : mod === 10 ? 9 : mod
  return check === Number(digits[10])
}

export const merchantApplicationInputSchema = z.object({
  businessName: required('el nombre del comercio').max(120),
  cuit: z
    .string({ error: 'Ingresá el CUIT' })
    .trim()
    .refine(isValidCuit, 'El CUIT no es válido (revisá el dígito verificador)')
    .transform((v) => v.replace(/[-\s]/g, '')),
  phone: phoneSchema,
  /** The business's postal address, flat with the common names (like a customer address). */
  ...postalAddressInputSchema.shape,
  category: storeCategorySchema,
  /** The shop's pin when the applicant set one; without it the first store asks for it. */
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
})
export type MerchantApplicationInput = z.infer<typeof merchantApplicationInputSchema>

export const merchantApplicationSchema = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  businessName: z.string(),
  createdAt: z.string(),
})
