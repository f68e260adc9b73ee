import type { User } from '@barrio/contracts/users'
import {
  Alert,
  Anchor,
  Button,
  Group,
  Input,
  PinInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import {
  PWLESS_CODE_LENGTH,
  PWLESS_RESEND_SECONDS,
  RateLimitedError,
  useRequestLoginCode,
  useVerifyLoginCode,
  validatePwlessEmail,
} from '@/features/auth/api/passwordless'
import { applySignedInUser } from '@/features/auth/utils/sign-in'
import { formatCountdown, useCountdown } from '@/features/auth/utils/use-countdown'
import { getErrorMessage, getFieldErrors, getServerMessage, isApiError } from '@/lib/http/api-error'

/** Answers after which the code on screen can no longer be used: a new one must be requested. */
const CODE_GONE = new Set(['OTP_NOT_FOUND', 'OTP_MAX_ATTEMPTS_REACHED'])

export type PasswordlessFormProps = {
  /** Called with the signed-in user (already applied and welcomed). */
  onSuccess?: (user: User) => void
}

function messageOf(error: unknown, fallback: string): string {
  return getServerMessage(error) ?? getErrorMessage(error, fallback)
}

/**
 * Passwordless sign-in: the e-mail step sends a 6-digit code (POST /auth/pwless/login), the code
 * step verifies it (POST /auth/pwless/verify). A new e-mail creates an account. Server messages
 * appear under the field they belong to; another code can be requested after a countdown.
 */
export function PasswordlessForm({ onSuccess }: PasswordlessFormProps) {
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [codeError, setCodeError] = useState<string | null>(null)
  const [sentMessage, setSentMessage] = useState<string | null>(null)
  const [needsNewCode, setNeedsNewCode] = useState(false)
  const countdown = useCountdown()
  const requestMutation = useRequestLoginCode()
  const verifyMutation = useVerifyLoginCode()
  const firstDigitRef = useRef<HTMLInputElement>(null)
  const resendRef = useRef<HTMLButtonElement>(null)
  const checkingRef = useRef(false)
  const [checking, setChecking] = useState(false)
  const baseId = useId()
  const codeLabelId = `${baseId}-code-label`
  const codeErrorId = `${baseId}-code-error`

  // Once the code on screen is dead, the next useful control is "Reenviar código".
  useEffect(() => {
    if (needsNewCode) resendRef.current?.focus()
  }, [needsNewCode])

  const waitAfter = (error: unknown) => {
    if (error instanceof RateLimitedError && error.retryAfterSeconds) {
      countdown.start(error.retryAfterSeconds)
    }
  }

  const onSubmitEmail = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (checkingRef.current || requestMutation.isPending || countdown.remaining > 0) return
    // The check may wait for the schemas' download: a second send meanwhile must not ask again.
    checkingRef.current = true
    setChecking(true)
    const invalid = await validatePwlessEmail(email).finally(() => {
      checkingRef.current = false
      setChecking(false)
    })
    if (invalid) {
      setEmailError(invalid)
      return
    }
    setEmailError(null)
    requestMutation.mutate(
      { email },
      {
        onSuccess: ({ message }) => {
          setSentMessage(message)
          setCode('')
          setCodeError(null)
          setNeedsNewCode(false)
          setStep('code')
          countdown.start(PWLESS_RESEND_SECONDS)
        },
        onError: (error) => {
          const fieldErrors = getFieldErrors(error)
          setEmailError(
            fieldErrors.email ??
              messageOf(error, 'No pudimos enviarte el código. Intentá nuevamente.'),
          )
          waitAfter(error)
        },
      },
    )
  }

  const onResend = () => {
    if (requestMutation.isPending || countdown.remaining > 0) return
    requestMutation.mutate(
      { email },
      {
        onSuccess: () => {
          setSentMessage(`Te enviamos un código nuevo a ${email.trim().toLowerCase()}.`)
          setCode('')
          setCodeError(null)
          setNeedsNewCode(false)
          countdown.start(PWLESS_RESEND_SECONDS)
          firstDigitRef.current?.focus()
        },
        onError: (error) => {
          setCodeError(messageOf(error, 'No pudimos reenviarte el código. Intentá nuevamente.'))
          waitAfter(error)
        },
      },
    )
  }

  const onSubmitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (code.length !== PWLESS_CODE_LENGTH || needsNewCode || verifyMutation.isPending) return
    setCodeError(null)
    verifyMutation.mutate(
      { email, code },
      {
        onSuccess: (user) => {
          applySignedInUser(user)
          onSuccess?.(user)
        },
        onError: (error) => {
          const fieldErrors = getFieldErrors(error)
          setCodeError(
            fieldErrors.code ??
              messageOf(error, 'No pudimos verificar el código. Intentá nuevamente.'),
          )
          setCode('')
          if (isApiError(error) && CODE_GONE.has(error.code)) {
            setNeedsNewCode(true)
            countdown.reset()
          } else {
            firstDigitRef.current?.focus()
          }
        },
      },
    )
  }

  const onChangeEmail = () => {
    setStep('email')
    setCode('')
    setCodeError(null)
    setSentMessage(null)
    setNeedsNewCode(false)
    countdown.reset()
  }

  if (step === 'email') {
    return (
      <form
        onSubmit={(event) => void onSubmitEmail(event)}
        noValidate
        aria-label="Ingresar con un código por correo"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Te enviamos un código de 6 dígitos a tu correo para ingresar sin contraseña. Si todavía
            no tenés cuenta, la creamos.
          </Text>
          <TextInput
            label="Correo electrónico"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value)
              setEmailError(null)
            }}
            error={emailError}
            required
            data-autofocus
            autoFocus
          />
          <Button
            type="submit"
            fullWidth
            disabled={email.trim() === '' || countdown.remaining > 0}
            loading={checking || requestMutation.isPending}
          >
            {countdown.remaining > 0
              ? `Enviarme el código (${formatCountdown(countdown.remaining)})`
              : 'Enviarme el código'}
          </Button>
        </Stack>
      </form>
    )
  }

  return (
    <form onSubmit={onSubmitCode} noValidate aria-label="Verificar el código">
      <Stack gap="sm">
        {sentMessage ? (
          <Alert color="blue" variant="light" role="status">
            {sentMessage}
          </Alert>
        ) : null}
        <Input.Wrapper
          label="Código de verificación"
          labelElement="div"
          labelProps={{ id: codeLabelId }}
          description={`Ingresá los ${PWLESS_CODE_LENGTH} números que enviamos a ${email.trim().toLowerCase()}. Revisá también la carpeta de spam.`}
          error={codeError}
          errorProps={{ id: codeErrorId }}
          required
        >
          <PinInput
            ref={firstDigitRef}
            mt={6}
            length={PWLESS_CODE_LENGTH}
            type="number"
            oneTimeCode
            size="md"
            gap={6}
            placeholder=""
            value={code}
            onChange={(value) => {
              setCode(value)
              if (codeError && !needsNewCode) setCodeError(null)
            }}
            error={Boolean(codeError)}
            disabled={needsNewCode}
            autoFocus
            aria-labelledby={codeLabelId}
            getInputProps={(index) => ({
              'aria-label': `Dígito ${index + 1} de ${PWLESS_CODE_LENGTH}`,
              'aria-describedby': codeError ? codeErrorId : undefined,
            })}
          />
        </Input.Wrapper>
        <Button
          type="submit"
          fullWidth
          disabled={code.length !== PWLESS_CODE_LENGTH || needsNewCode}
          loading={verifyMutation.isPending}
        >
          Verificar código
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
            Cambiar correo
          </Anchor>
          <Button
            ref={resendRef}
            type="button"
            variant="subtle"
            size="compact-sm"
            onClick={onResend}
            disabled={countdown.remaining > 0}
            loading={requestMutation.isPending}
          >
            {countdown.remaining > 0
              ? `Reenviar código (${formatCountdown(countdown.remaining)})`
              : 'Reenviar código'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
