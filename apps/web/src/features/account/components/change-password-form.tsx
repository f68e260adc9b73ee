import { accountChangePasswordInputSchema } from '@barrio/contracts/auth'
import { Alert, Button, PasswordInput, Stack } from '@mantine/core'
import { useState, type FormEvent } from 'react'

import { useChangeAccountPassword } from '@/features/account/api/change-password'
import { PASSWORD_MISMATCH_MESSAGE, zodFieldErrors } from '@/features/account/utils/form-errors'
import { getErrorMessage, getFieldErrors, getServerMessage } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

const EMPTY = { oldPassword: '', newPassword: '', repeatPassword: '' }

/**
 * The signed-in user's password change (POST /account/change-password), on /account and on
 * /account/change-password. Submit is enabled when every field is filled and the new password
 * equals its repeat.
 */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [doneMessage, setDoneMessage] = useState<string | null>(null)
  const changeMutation = useChangeAccountPassword()

  const update = (field: keyof typeof EMPTY) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _removed, ...rest }) => rest)
    setDoneMessage(null)
  }

  const mismatch = values.repeatPassword !== '' && values.newPassword !== values.repeatPassword
  const canSubmit =
    values.oldPassword !== '' &&
    values.newPassword !== '' &&
    values.repeatPassword !== '' &&
    !mismatch

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!canSubmit || changeMutation.isPending) return
    const parsed = accountChangePasswordInputSchema.safeParse({
      oldPassword: values.oldPassword,
      newPassword: values.newPassword,
    })
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      return
    }
    setErrors({})
    setServerError(null)
    changeMutation.mutate(parsed.data, {
      onSuccess: ({ message }) => {
        setValues(EMPTY)
        setDoneMessage(message)
        showToast({ message, type: 'success' })
      },
      onError: (error) => {
        const fieldErrors = getFieldErrors(error)
        setErrors(fieldErrors)
        if (Object.keys(fieldErrors).length === 0) {
          setServerError(
            getServerMessage(error) ??
              getErrorMessage(error, 'No pudimos cambiar tu contraseña. Intentá nuevamente.'),
          )
        }
      },
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cambiar contraseña">
      <Stack gap="sm">
        {doneMessage ? (
          <Alert color="green" variant="light" role="status">
            {doneMessage}
          </Alert>
        ) : null}
        {serverError ? (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <PasswordInput
          label="Contraseña actual"
          name="oldPassword"
          autoComplete="current-password"
          value={values.oldPassword}
          onChange={(e) => update('oldPassword')(e.currentTarget.value)}
          error={errors.oldPassword}
          required
        />
        <PasswordInput
          label="Contraseña nueva"
          name="newPassword"
          autoComplete="new-password"
          description="Al menos 8 caracteres."
          value={values.newPassword}
          onChange={(e) => update('newPassword')(e.currentTarget.value)}
          error={errors.newPassword}
          required
        />
        <PasswordInput
          label="Repetir contraseña nueva"
          name="repeatPassword"
          autoComplete="new-password"
          value={values.repeatPassword}
          onChange={(e) => update('repeatPassword')(e.currentTarget.value)}
          error={mismatch ? PASSWORD_MISMATCH_MESSAGE : undefined}
          required
        />
        <Button
          type="submit"
          disabled={!canSubmit}
          loading={changeMutation.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Cambiar contraseña
        </Button>
      </Stack>
    </form>
  )
}
