import type { User } from '@barrio/contracts/users'
import { PasswordInput, TextInput } from '@mantine/core'

import { AppForm } from '@/components/form/app-form'
// Types only: the kit's zod helpers stay out of the first page (decision 032).
import type { FieldErrors, Validated } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'
import { canSubmitLogin, useLogin, type LoginInput } from '@/api/shared/auth/login'
import { LOGIN_PASSWORD_REQUIRED, LOGIN_USER_REQUIRED } from '@/api/shared/auth/sign-in-messages'
import { applySignedInUser } from '@/features/auth/utils/sign-in'

export type LoginFormProps = {
  initialUserName?: string
  onSuccess?: (user: User) => void
}

type LoginValues = { userName: string; password: string }

/**
 * Empty fields, checked without zod: the dialog is on every visitor's first page, and the schema
 * (sign-in-schemas.ts) is loaded with the first send and checks the body again there.
 */
function validateLogin(values: LoginValues): Validated<LoginInput> {
  const errors: FieldErrors = {}
  if (values.userName.trim() === '') errors.userName = LOGIN_USER_REQUIRED
  if (values.password === '') errors.password = LOGIN_PASSWORD_REQUIRED
  if (Object.keys(errors).length > 0) return { success: false, errors }
  return { success: true, data: { userName: values.userName.trim(), password: values.password } }
}

/** The server names the login field `email` when it was an address. */
const loginErrorPath = (name: string) => (name === 'email' ? 'userName' : name)

/** Username/email and password. Spec section 5: submit enabled only when both are filled. */
export function LoginForm({ initialUserName = '', onSuccess }: LoginFormProps) {
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: { userName: initialUserName, password: '' },
    validate: validateLogin,
    mutation: useLogin(),
    errorFallback: 'No pudimos iniciar sesión. Intentá nuevamente.',
    serverErrorPath: loginErrorPath,
    onSaved: (user) => {
      applySignedInUser(user)
      onSuccess?.(user)
    },
  })
  const { inputProps } = appForm

  return (
    <AppForm
      form={appForm}
      label="Iniciar sesión"
      submitLabel="Ingresar"
      canSubmit={canSubmitLogin(appForm.form.values)}
      fullWidth
    >
      <TextInput
        label="Usuario o correo electrónico"
        name="userName"
        autoComplete="username"
        required
        data-autofocus
        {...inputProps('userName')}
      />
      <PasswordInput
        label="Contraseña"
        name="password"
        autoComplete="current-password"
        required
        {...inputProps('password')}
      />
    </AppForm>
  )
}
