import { Alert, Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'

import {
  canSubmitRegistration,
  PASSWORD_MISMATCH_MESSAGE,
  passwordsMismatch,
  useRegister,
  type RegistrationFormValues,
} from '@/features/auth/api/register'
import {
  INVALID_PHONE_MESSAGE,
  isValidPhone,
  PhoneInput,
} from '@/components/phone-input/phone-input'
import { getErrorMessage, getFieldErrors, getServerMessage } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

const EMPTY: RegistrationFormValues = {
  firstName: '',
  lastName: '',
  userName: '',
  phone: '',
  email: '',
  password: '',
  repeatPassword: '',
}

/** After registering: the welcome e-mail carries the verification link (docs/decisions/010). */
export const VERIFY_EMAIL_HINT =
  'Te enviamos un correo para verificar tu dirección: abrí el enlace para poder vender en Barrio.'

export type RegistrationFormProps = {
  /** Called with the e-mail once the account exists, so the modal can switch to login. */
  onRegistered?: (email: string) => void
}

/** Spec section 5: submit enabled only when every field is filled and the passwords match. */
export function RegistrationForm({ onRegistered }: RegistrationFormProps) {
  const [values, setValues] = useState<RegistrationFormValues>(EMPTY)
  const [serverError, setServerError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const registerMutation = useRegister()

  const update = (field: keyof RegistrationFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setFieldErrors(({ [field]: _removed, ...rest }) => rest)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!canSubmitRegistration(values) || registerMutation.isPending) return
    if (!isValidPhone(values.phone)) {
      setFieldErrors((current) => ({ ...current, phone: INVALID_PHONE_MESSAGE }))
      return
    }
    setServerError(null)
    setFieldErrors({})
    const { repeatPassword: _repeat, ...input } = values
    const email = input.email.trim()
    registerMutation.mutate(
      { ...input, email },
      {
        onSuccess: () => {
          showToast({
            message: `Cuenta creada exitosamente (${email}). Por favor, iniciá sesión.`,
            type: 'success',
          })
          showToast({ message: VERIFY_EMAIL_HINT, type: 'info' })
          onRegistered?.(email)
        },
        onError: (error) => {
          setServerError(
            getServerMessage(error) ??
              getErrorMessage(error, 'No pudimos crear tu cuenta. Intentá nuevamente.'),
          )
          setFieldErrors(getFieldErrors(error))
        },
      },
    )
  }

  const mismatch = passwordsMismatch(values)

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Crear cuenta">
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert" variant="light">
            {serverError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Nombre"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => update('firstName')(e.currentTarget.value)}
            error={fieldErrors.firstName}
            required
            data-autofocus
          />
          <TextInput
            label="Apellido"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => update('lastName')(e.currentTarget.value)}
            error={fieldErrors.lastName}
            required
          />
        </SimpleGrid>
        <TextInput
          label="Usuario"
          name="userName"
          autoComplete="username"
          value={values.userName}
          onChange={(e) => update('userName')(e.currentTarget.value)}
          error={fieldErrors.userName}
          required
        />
        <PhoneInput
          label="Teléfono"
          value={values.phone}
          onChange={update('phone')}
          error={fieldErrors.phone}
          required
        />
        <TextInput
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => update('email')(e.currentTarget.value)}
          error={fieldErrors.email}
          required
        />
        <PasswordInput
          label="Contraseña"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => update('password')(e.currentTarget.value)}
          error={fieldErrors.password}
          required
        />
        <PasswordInput
          label="Repetir contraseña"
          name="repeatPassword"
          autoComplete="new-password"
          value={values.repeatPassword}
          onChange={(e) => update('repeatPassword')(e.currentTarget.value)}
          error={mismatch ? PASSWORD_MISMATCH_MESSAGE : undefined}
          required
        />
        <Button
          type="submit"
          fullWidth
          disabled={!canSubmitRegistration(values)}
          loading={registerMutation.isPending}
        >
          Crear cuenta
        </Button>
      </Stack>
    </form>
  )
}
