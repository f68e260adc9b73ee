import { profileUpdateInputSchema } from '@barrio/contracts/auth'
import type { User } from '@barrio/contracts/users'
import { Alert, Button, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import { accountQueryKey } from '@/features/account/api/get-account'
import { useUpdateProfile } from '@/features/account/api/update-profile'
import { zodFieldErrors } from '@/features/account/utils/form-errors'
import {
  INVALID_PHONE_MESSAGE,
  isValidPhone,
  PhoneInput,
} from '@/components/phone-input/phone-input'
import { setUser } from '@/lib/app-store'
import { getErrorMessage, getFieldErrors, getServerMessage } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

type ProfileValues = { firstName: string; lastName: string; userName: string; phone: string }

export const PROFILE_SAVED_MESSAGE = 'Tus datos se guardaron.'

/** A starting user name for a brand-new account: the e-mail's local part, cleaned up. */
export function suggestUserName(email: string): string {
  return (email.split('@')[0] ?? '').replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 40)
}

function initialValues(user: User): ProfileValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    userName: user.userName ?? (user.needsProfile ? suggestUserName(user.email) : ''),
    phone: user.phone ?? '',
  }
}

export type ProfileFormProps = {
  /** The profile as loaded; the form starts from it. */
  account: User
  submitLabel?: string
  /** Focus the first field (a new account that still needs its profile). */
  autoFocus?: boolean
  onSaved?: (user: User) => void
}

/**
 * First name, last name, user name and phone: PUT /account/{id}. Validation messages (the
 * contract's, in Spanish) and the server's field errors appear under each field.
 */
export function ProfileForm({
  account,
  submitLabel = 'Guardar cambios',
  autoFocus = false,
  onSaved,
}: ProfileFormProps) {
  const [values, setValues] = useState<ProfileValues>(() => initialValues(account))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const updateMutation = useUpdateProfile()
  const queryClient = useQueryClient()

  const update = (field: keyof ProfileValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _removed, ...rest }) => rest)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (updateMutation.isPending) return
    const parsed = profileUpdateInputSchema.safeParse(values)
    const found = parsed.success ? {} : zodFieldErrors(parsed.error)
    if (values.phone === '') found.phone = 'Ingresá un teléfono'
    else if (!isValidPhone(values.phone)) found.phone = INVALID_PHONE_MESSAGE
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found)
      return
    }
    setErrors({})
    setServerError(null)
    updateMutation.mutate(
      { userId: account._id, data: parsed.data },
      {
        onSuccess: (user) => {
          setUser(user, { persist: true })
          queryClient.setQueryData(accountQueryKey(user._id), user)
          showToast({ message: PROFILE_SAVED_MESSAGE, type: 'success' })
          onSaved?.(user)
        },
        onError: (error) => {
          const fieldErrors = getFieldErrors(error)
          setErrors(fieldErrors)
          setServerError(
            getServerMessage(error) ??
              getErrorMessage(error, 'No pudimos guardar tus datos. Intentá nuevamente.'),
          )
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Mis datos">
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" variant="light" role="alert">
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
            error={errors.firstName}
            required
            autoFocus={autoFocus}
          />
          <TextInput
            label="Apellido"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => update('lastName')(e.currentTarget.value)}
            error={errors.lastName}
            required
          />
        </SimpleGrid>
        <TextInput
          label="Usuario"
          name="userName"
          autoComplete="username"
          description="Letras, números, punto, guion o guion bajo."
          value={values.userName}
          onChange={(e) => update('userName')(e.currentTarget.value)}
          error={errors.userName}
          required
        />
        <PhoneInput
          label="Teléfono"
          value={values.phone}
          onChange={update('phone')}
          error={errors.phone}
          required
        />
        <Button
          type="submit"
          loading={updateMutation.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
