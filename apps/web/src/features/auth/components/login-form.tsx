import type { User } from '@barrio/contracts/users'
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'

import { canSubmitLogin, useLogin } from '@/features/auth/api/login'
import { applySignedInUser } from '@/features/auth/utils/sign-in'
import { getErrorMessage, getFieldErrors, getServerMessage } from '@/lib/http/api-error'

export type LoginFormProps = {
  initialUserName?: string
  onSuccess?: (user: User) => void
}

/** Username/email and password. Spec section 5: submit enabled only when both are filled. */
export function LoginForm({ initialUserName = '', onSuccess }: LoginFormProps) {
  const [values, setValues] = useState({ userName: initialUserName, password: '' })
  const [serverError, setServerError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const loginMutation = useLogin()

  const update = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setFieldErrors(({ [field]: _removed, ...rest }) => rest)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!canSubmitLogin(values) || loginMutation.isPending) return
    setServerError(null)
    setFieldErrors({})
    loginMutation.mutate(
      { userName: values.userName.trim(), password: values.password },
      {
        onSuccess: (user) => {
          applySignedInUser(user)
          onSuccess?.(user)
        },
        onError: (error) => {
          setServerError(
            getServerMessage(error) ??
              getErrorMessage(error, 'No pudimos iniciar sesión. Intentá nuevamente.'),
          )
          setFieldErrors(getFieldErrors(error))
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Iniciar sesión">
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert" variant="light">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          label="Usuario o correo electrónico"
          name="userName"
          autoComplete="username"
          value={values.userName}
          onChange={(e) => update('userName')(e.currentTarget.value)}
          error={fieldErrors.userName ?? fieldErrors.email}
          required
          data-autofocus
        />
        <PasswordInput
          label="Contraseña"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => update('password')(e.currentTarget.value)}
          error={fieldErrors.password}
          required
        />
        <Button
          type="submit"
          fullWidth
          disabled={!canSubmitLogin(values)}
          loading={loginMutation.isPending}
        >
          Ingresar
        </Button>
      </Stack>
    </form>
  )
}
