/**
 * The sign-in forms' own Spanish messages, without zod: the dialog checks for empty fields on
 * the first page, and sign-in-schemas.ts (loaded on the first send) says the same words.
 */
export const LOGIN_USER_REQUIRED = 'Ingresá tu usuario o correo electrónico'
export const LOGIN_PASSWORD_REQUIRED = 'Ingresá tu contraseña'
export const EMAIL_REQUIRED = 'Ingresá tu correo electrónico'
