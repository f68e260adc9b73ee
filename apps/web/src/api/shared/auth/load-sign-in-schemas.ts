/** The zod schemas of the sign-in forms, loaded on the first send (sign-in-schemas.ts says why). */
export const loadSignInSchemas = () => import('@/api/shared/auth/sign-in-schemas')
