// No zod here: the web app's first page imports these values, and a module with schemas would
// bring zod into that bundle (decision 020).

/** Spec section 8: every server error code the product knows. */
export const ERROR_CODES = [
  'NOT_FOUND',
  'INVALID',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'BAD_REQUEST',
  'CONFLICT',
  'INTERNAL_SERVER_ERROR',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  'UNPROCESSABLE_ENTITY',
  'TOO_MANY_REQUESTS',
  'NOT_IMPLEMENTED',
  'MISSING_REQUIRED_FIELD',
  'EMAIL_NOT_VERIFIED',
  'INVALID_PASSWORD',
  'USER_NOT_FOUND',
  'USER_NOT_AUTHORIZED',
  'USER_NOT_VERIFIED',
  'USER_NOT_ACTIVE',
  'USER_NOT_ADMIN',
  'USER_NOT_OWNER',
  'USER_EXISTS',
  'OTP_NOT_SENT',
  'OTP_NOT_FOUND',
  'OTP_HASH_MISMATCH',
  'OTP_MAX_ATTEMPTS_REACHED',
  'ACTIVE_GOOGLE_ACCOUNT_EXISTS',
  'ACTIVE_APPLE_ACCOUNT_EXISTS',
  'GOOGLE_ACCOUNT_EXISTS',
  'APPLE_ACCOUNT_EXISTS',
  // Barrio's own, beyond spec section 8 (decision 029): a seller's role in a store, invitations.
  'ROLE_NOT_ALLOWED',
  'INVITATION_EXPIRED',
  'INVITATION_USED',
  'INVITATION_REVOKED',
  'INVITATION_WRONG_ACCOUNT',
  // A retried request's Idempotency-Key sent again with another body (decision 027, addendum).
  'IDEMPOTENCY_KEY_REUSED',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The HTTP status each code answers with, and the Spanish message used when none is given. */
export const ERROR_CATALOGUE: Record<ErrorCode, { status: number; message: string }> = {
  NOT_FOUND: { status: 404, message: 'No encontramos lo que buscás.' },
  INVALID: { status: 400, message: 'Los datos enviados no son válidos.' },
  UNAUTHORIZED: { status: 401, message: 'Tenés que iniciar sesión.' },
  FORBIDDEN: { status: 403, message: 'No tenés permiso para hacer esto.' },
  BAD_REQUEST: { status: 400, message: 'La solicitud no es válida.' },
  CONFLICT: { status: 409, message: 'La operación entra en conflicto con el estado actual.' },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    message: 'Ocurrió un error inesperado. Intentá nuevamente.',
  },
  SERVICE_UNAVAILABLE: { status: 503, message: 'El servicio no está disponible en este momento.' },
  GATEWAY_TIMEOUT: { status: 504, message: 'Un servicio externo tardó demasiado en responder.' },
  UNPROCESSABLE_ENTITY: { status: 422, message: 'No pudimos procesar los datos enviados.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Demasiados intentos. Esperá un momento.' },
  NOT_IMPLEMENTED: { status: 501, message: 'Esta función todavía no está disponible.' },
  MISSING_REQUIRED_FIELD: { status: 400, message: 'Falta un dato obligatorio.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Tenés que verificar tu correo electrónico.' },
  INVALID_PASSWORD: { status: 401, message: 'La contraseña es incorrecta.' },
  USER_NOT_FOUND: { status: 404, message: 'No encontramos el usuario.' },
  USER_NOT_AUTHORIZED: { status: 403, message: 'El usuario no está autorizado.' },
  USER_NOT_VERIFIED: { status: 403, message: 'El usuario no está verificado.' },
  USER_NOT_ACTIVE: { status: 403, message: 'El usuario no está activo.' },
  USER_NOT_ADMIN: { status: 403, message: 'Esta acción es solo para vendedores.' },
  USER_NOT_OWNER: { status: 403, message: 'No podés operar sobre esta tienda.' },
  USER_EXISTS: { status: 409, message: 'Ya existe un usuario con esos datos.' },
  OTP_NOT_SENT: { status: 502, message: 'No pudimos enviar el código. Intentá nuevamente.' },
  OTP_NOT_FOUND: { status: 404, message: 'El código venció o no existe. Pedí uno nuevo.' },
  OTP_HASH_MISMATCH: { status: 401, message: 'El código es incorrecto.' },
  OTP_MAX_ATTEMPTS_REACHED: {
    status: 429,
    message: 'Superaste la cantidad de intentos. Pedí un código nuevo.',
  },
  ACTIVE_GOOGLE_ACCOUNT_EXISTS: {
    status: 409,
    message: 'Ya hay una cuenta activa vinculada a Google con este correo.',
  },
  ACTIVE_APPLE_ACCOUNT_EXISTS: {
    status: 409,
    message: 'Ya hay una cuenta activa vinculada a Apple con este correo.',
  },
  GOOGLE_ACCOUNT_EXISTS: {
    status: 409,
    message: 'Esta cuenta de Google ya está vinculada a otro usuario.',
  },
  APPLE_ACCOUNT_EXISTS: {
    status: 409,
    message: 'Esta cuenta de Apple ya está vinculada a otro usuario.',
  },
  ROLE_NOT_ALLOWED: {
    status: 403,
    message: 'Tu rol en este comercio no permite hacer esto.',
  },
  INVITATION_EXPIRED: {
    status: 410,
    message: 'La invitación venció. Pedile al comercio que te envíe una nueva.',
  },
  INVITATION_USED: { status: 410, message: 'Esta invitación ya se usó.' },
  INVITATION_REVOKED: { status: 410, message: 'El comercio anuló esta invitación.' },
  INVITATION_WRONG_ACCOUNT: {
    status: 403,
    message: 'Esta invitación es para otro correo. Ingresá con la cuenta de ese correo.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'Esta solicitud ya se hizo con otros datos. Revisá antes de enviarla de nuevo.',
  },
}
