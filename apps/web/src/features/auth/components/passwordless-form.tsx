import type { User } from '@barrio/contracts/users'
import { Alert, Anchor, Button, Group, Input, PinInput, Stack, Text, TextInput } from '@mantine/core'
import { useEffect, useId, useRef, useState } from 'react'

// Types only: the kit's zod helpers stay out of the first page (decision 032).
import type { Validated } from '@/components/form/form-errors'
import { useAppForm, type SaveMutation } from '@/components/form/use-app-form'
import {
  PWLESS_CODE_LENGTH,
  PWLESS_RESEND_SECONDS,
  RateLimitedError,
  useRequestLoginCode,
  useVerifyLoginCode,
  validatePwlessEmail,
} from '@/api/shared/auth/passwordless'
import { EMAIL_REQUIRED } from '@/api/shared/auth/sign-in-messages'
import { applySignedInUser } from '@/features/auth/utils/sign-in'
import { formatCountdown, useCountdown } from '@/features/auth/utils/use-countdown'
import {
  ApiError,
  getErrorMessage,
  getFieldErrors,
  getServerMessage,
  isApiError,
  toApiError,
} from '@/lib/http/api-error'

/** Answers after which the code on screen can no longer be used: a new one must be requested. */
const CODE_GONE = new Set(['OTP_NOT_FOUND', 'OTP_MAX_ATTEMPTS_REACHED'])

type Countdown = ReturnType<typeof useCountdown>

export type PasswordlessFormProps = {
  /** Called with the signed-in user (already applied and welcomed). */
  onSuccess?: (user: User) => void
}

function messageOf(error: unknown, fallback: string): string {
  return getServerMessage(error) ?? getErrorMessage(error, fallback)
}

/**
 * Each step has one field, and every answer is about it: a failure that names no field (a rate
 * limit, a dead code) goes under that field too, as the kit puts a server field error.
 */
function underField(error: unknown, field: string, fallback: string): ApiError {
  const apiError = toApiError(error)
  if (Object.keys(getFieldErrors(apiError)).length > 0) return apiError
  return new ApiError({
    statusCode: apiError.statusCode,
    code: apiError.code,
    message: apiError.message,
    errors: [{ name: field, message: messageOf(error, fallback) }],
    data: apiError.data,
  })
}

function waitAfter(error: unknown, countdown: Countdown) {
  if (error instanceof RateLimitedError && error.retryAfterSeconds) {
    countdown.start(error.retryAfterSeconds)
  }
}

/**
 * Passwordless sign-in: the e-mail step sends a 6-digit code (POST /auth/pwless/login), the code
 * step verifies it (POST /auth/pwless/verify). A new e-mail creates an account. Both steps are
 * form-kit forms (issue 23): server messages appear under the step's field; another code can be
 * requested after a countdown.
 */
export function PasswordlessForm({ onSuccess }: PasswordlessFormProps) {
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [email, setEmail] = useState('')
  const [sentMessage, setSentMessage] = useState<string | null>(null)
  const countdown = useCountdown()

  if (step === 'email') {
    return (
      <EmailStep
        initialEmail={email}
        countdown={countdown}
        onSent={(sentTo, message) => {
          setEmail(sentTo)
          setSentMessage(message)
          setStep('code')
          countdown.start(PWLESS_RESEND_SECONDS)
        }}
      />
    )
  }
  return (
    <CodeStep
      email={email}
      sentMessage={sentMessage}
      countdown={countdown}
      onResent={setSentMessage}
      onChangeEmail={() => {
        setStep('email')
        setSentMessage(null)
        countdown.reset()
      }}
      onSuccess={onSuccess}
    />
  )
}

type EmailValues = { email: string }

function EmailStep({
  initialEmail,
  countdown,
  onSent,
}: {
  initialEmail: string
  countdown: Countdown
  onSent: (email: string, message: string) => void
}) {
  const request = useRequestLoginCode()
  const [checking, setChecking] = useState(false)
  const sending = useRef<Promise<{ message: string }> | null>(null)

  // The contract's e-mail check waits for the sign-in schemas (decision 032): a second send in
  // the meantime (a double click, Enter twice, before anything renders) shares the first one.
  const mutation: SaveMutation<EmailValues, { message: string }> = {
    isPending: checking || request.isPending,
    mutateAsync: (input) => {
      if (sending.current) return sending.current
      setChecking(true)
      const send = (async () => {
        const invalid = await validatePwlessEmail(input.email)
        if (invalid) {
          throw new ApiError({
            statusCode: 400,
            code: 'INVALID',
            message: invalid,
            errors: [{ name: 'email', message: invalid }],
          })
        }
        try {
          return await request.mutateAsync(input)
        } catch (error) {
          waitAfter(error, countdown)
          throw underField(error, 'email', 'No pudimos enviarte el código. Intentá nuevamente.')
        }
      })().finally(() => {
        sending.current = null
        setChecking(false)
      })
      sending.current = send
      return send
    },
  }

  const appForm = useAppForm({
    mode: 'submit',
    initialValues: { email: initialEmail },
    validate: ({ email }: EmailValues): Validated<EmailValues> =>
      email.trim() === ''
        ? { success: false, errors: { email: EMAIL_REQUIRED } }
        : countdown.remaining > 0
          ? {
              success: false,
              errors: {
                email: `Esperá ${formatCountdown(countdown.remaining)} para pedir otro código.`,
              },
            }
          : { success: true, data: { email } },
    mutation,
    onSaved: ({ message }, { email }) => onSent(email, message),
  })
  const empty = appForm.form.values.email.trim() === ''

  return (
    <form
      ref={appForm.formRef}
      onSubmit={appForm.onSubmit}
      noValidate
      aria-label="Ingresar con un código por correo"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Te enviamos un código de 6 dígitos a tu correo para ingresar sin contraseña. Si todavía no
          tenés cuenta, la creamos.
        </Text>
        <TextInput
          label="Correo electrónico"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          data-autofocus
          autoFocus
          {...appForm.inputProps('email')}
        />
        <Button
          type="submit"
          fullWidth
          disabled={empty || countdown.remaining > 0}
          loading={appForm.isSaving}
        >
          {countdown.remaining > 0
            ? `Enviarme el código (${formatCountdown(countdown.remaining)})`
            : 'Enviarme el código'}
        </Button>
      </Stack>
    </form>
  )
}

type CodeValues = { code: string }

function CodeStep({
  email,
  sentMessage,
  countdown,
  onResent,
  onChangeEmail,
  onSuccess,
}: {
  email: string
  sentMessage: string | null
  countdown: Countdown
  onResent: (message: string) => void
  onChangeEmail: () => void
  onSuccess?: (user: User) => void
}) {
  const [needsNewCode, setNeedsNewCode] = useState(false)
  const verify = useVerifyLoginCode()
  const request = useRequestLoginCode()
  const firstDigitRef = useRef<HTMLInputElement>(null)
  const resendRef = useRef<HTMLButtonElement>(null)
  const baseId = useId()
  const codeLabelId = `${baseId}-code-label`
  const codeErrorId = `${baseId}-code-error`
  const shownEmail = email.trim().toLowerCase()

  // Once the code on screen is dead, the next useful control is "Reenviar código".
  useEffect(() => {
    if (needsNewCode) resendRef.current?.focus()
  }, [needsNewCode])

  const mutation: SaveMutation<{ email: string; code: string }, User> = {
    isPending: verify.isPending,
    mutateAsync: async (input) => {
      try {
        return await verify.mutateAsync(input)
      } catch (error) {
        if (isApiError(error) && CODE_GONE.has(error.code)) {
          setNeedsNewCode(true)
          countdown.reset()
        }
        throw underField(error, 'code', 'No pudimos verificar el código. Intentá nuevamente.')
      }
    },
  }

  const appForm = useAppForm({
    mode: 'submit',
    initialValues: { code: '' },
    validate: ({ code }: CodeValues): Validated<CodeValues> =>
      new RegExp(`^\\d{${PWLESS_CODE_LENGTH}}$`).test(code)
        ? { success: true, data: { code } }
        : {
            success: false,
            errors: { code: `Ingresá los ${PWLESS_CODE_LENGTH} números del código.` },
          },
    mutation,
    toVariables: ({ code }) => ({ email, code }),
    onSaved: (user) => {
      applySignedInUser(user)
      onSuccess?.(user)
    },
    // A refused code is cleared for the next try; its message stays under the field.
    onInvalid: (errors) => {
      appForm.form.setFieldValue('code', '')
      appForm.form.setErrors(errors)
    },
  })
  const { form } = appForm
  const code = form.values.code
  const codeError = appForm.errorOf('code')

  const onResend = () => {
    if (request.isPending || countdown.remaining > 0) return
    request.mutate(
      { email },
      {
        onSuccess: () => {
          onResent(`Te enviamos un código nuevo a ${shownEmail}.`)
          form.setValues({ code: '' })
          form.clearErrors()
          setNeedsNewCode(false)
          countdown.start(PWLESS_RESEND_SECONDS)
          firstDigitRef.current?.focus()
        },
        onError: (error) => {
          form.setFieldError(
            'code',
            messageOf(error, 'No pudimos reenviarte el código. Intentá nuevamente.'),
          )
          waitAfter(error, countdown)
        },
      },
    )
  }

  return (
    <form
      ref={appForm.formRef}
      onSubmit={(event) => {
        event.preventDefault()
        if (needsNewCode) return
        appForm.onSubmit(event)
      }}
      noValidate
      aria-label="Verificar el código"
    >
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
          description={`Ingresá los ${PWLESS_CODE_LENGTH} números que enviamos a ${shownEmail}. Revisá también la carpeta de spam.`}
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
            onChange={(value) => form.setFieldValue('code', value)}
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
          loading={appForm.isSaving}
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
            loading={request.isPending}
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
