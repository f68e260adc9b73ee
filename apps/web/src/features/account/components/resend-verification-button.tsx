import { Alert, Button, Stack } from '@mantine/core'

import { useResendVerificationEmail } from '@/api/shared/account/verify-email'
import { getErrorMessage, getServerMessage } from '@/lib/http/api-error'

export const RESEND_VERIFICATION_LABEL = 'Reenviar correo de verificación'

/** Sends a new verification link to the signed-in user and says how it went. */
export function ResendVerificationButton() {
  const resend = useResendVerificationEmail()
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="light"
        onClick={() => resend.mutate()}
        loading={resend.isPending}
        disabled={resend.isSuccess}
      >
        {RESEND_VERIFICATION_LABEL}
      </Button>
      {resend.isSuccess ? (
        <Alert color="green" variant="light" role="status">
          {resend.data} Revisá tu bandeja de entrada (y la carpeta de spam).
        </Alert>
      ) : null}
      {resend.isError ? (
        <Alert color="red" variant="light" role="alert">
          {getServerMessage(resend.error) ??
            getErrorMessage(resend.error, 'No pudimos enviar el correo. Intentá nuevamente.')}
        </Alert>
      ) : null}
    </Stack>
  )
}
