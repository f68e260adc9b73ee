import { accountChangePasswordInputSchema } from '@barrio/contracts/auth'
import { Alert, PasswordInput } from '@mantine/core'
import { useState } from 'react'

import { AppForm } from '@/components/form/app-form'
import {
  PASSWORD_MISMATCH_MESSAGE,
  validateWith,
  withFieldErrors,
} from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'
import { useChangeAccountPassword } from '@/api/shared/account/change-password'

type PasswordValues = { oldPassword: string; newPassword: string; repeatPassword: string }

const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', repeatPassword: '' }

const mismatch = (values: PasswordValues) =>
  values.repeatPassword !== '' && values.newPassword !== values.repeatPassword

/** The contract's rules (Spanish messages) and the repeated new password. */
function validatePasswords({ repeatPassword, ...input }: PasswordValues) {
  return withFieldErrors(validateWith(accountChangePasswordInputSchema, input), {
    repeatPassword: input.newPassword !== repeatPassword ? PASSWORD_MISMATCH_MESSAGE : undefined,
  })
}

/**
 * The signed-in user's password change (POST /account/change-password), on /account and on
 * /account/change-password. Submit is enabled when every field is filled and the new password
 * equals its repeat.
 */
export function ChangePasswordForm() {
  const [doneMessage, setDoneMessage] = useState<string | null>(null)
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: EMPTY,
    validate: validatePasswords,
    mutation: useChangeAccountPassword(),
    resetOnSuccess: true,
    errorFallback: 'No pudimos cambiar tu contraseña. Intentá nuevamente.',
    successMessage: ({ message }) => message,
    onSaved: ({ message }) => setDoneMessage(message),
  })
  const { form, inputProps } = appForm
  const values = form.values
  const canSubmit =
    values.oldPassword !== '' &&
    values.newPassword !== '' &&
    values.repeatPassword !== '' &&
    !mismatch(values)

  return (
    <AppForm
      form={appForm}
      label="Cambiar contraseña"
      submitLabel="Cambiar contraseña"
      canSubmit={canSubmit}
    >
      {/* The news stays until the next change is typed. */}
      {doneMessage && !appForm.isDirty ? (
        <Alert color="green" variant="light" role="status">
          {doneMessage}
        </Alert>
      ) : null}
      <PasswordInput
        label="Contraseña actual"
        name="oldPassword"
        autoComplete="current-password"
        required
        {...inputProps('oldPassword')}
      />
      <PasswordInput
        label="Contraseña nueva"
        name="newPassword"
        autoComplete="new-password"
        description="Al menos 8 caracteres."
        required
        {...inputProps('newPassword')}
      />
      <PasswordInput
        label="Repetir contraseña nueva"
        name="repeatPassword"
        autoComplete="new-password"
        required
        {...inputProps('repeatPassword')}
        error={mismatch(values) ? PASSWORD_MISMATCH_MESSAGE : undefined}
      />
    </AppForm>
  )
}
