import { profileUpdateInputSchema } from '@barrio/contracts/auth'
import type { User } from '@barrio/contracts/users'
import { SimpleGrid, TextInput } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'

import { AppForm } from '@/components/form/app-form'
import { validateWith, withFieldErrors } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'
import { PhoneInput, phoneFieldError } from '@/components/phone-input/phone-input'
import { accountQueryKey } from '@/api/shared/account/get-account'
import { useUpdateProfile } from '@/api/shared/account/update-profile'
import { setUser } from '@/lib/app-store'

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

/** The contract's rules (Spanish messages) and a real phone number. */
function validateProfile(values: ProfileValues) {
  return withFieldErrors(validateWith(profileUpdateInputSchema, values), {
    phone: phoneFieldError(values.phone),
  })
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
  const queryClient = useQueryClient()
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: initialValues(account),
    validate: validateProfile,
    mutation: useUpdateProfile(),
    toVariables: (data) => ({ userId: account._id, data }),
    toValues: initialValues,
    errorFallback: 'No pudimos guardar tus datos. Intentá nuevamente.',
    successMessage: PROFILE_SAVED_MESSAGE,
    onSaved: (user) => {
      setUser(user, { persist: true })
      queryClient.setQueryData(accountQueryKey(user._id), user)
      onSaved?.(user)
    },
  })
  const { form, inputProps } = appForm

  return (
    <AppForm form={appForm} label="Mis datos" submitLabel={submitLabel}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Nombre"
          name="firstName"
          autoComplete="given-name"
          required
          autoFocus={autoFocus}
          {...inputProps('firstName')}
        />
        <TextInput
          label="Apellido"
          name="lastName"
          autoComplete="family-name"
          required
          {...inputProps('lastName')}
        />
      </SimpleGrid>
      <TextInput
        label="Usuario"
        name="userName"
        autoComplete="username"
        description="Letras, números, punto, guion o guion bajo."
        required
        {...inputProps('userName')}
      />
      <PhoneInput
        label="Teléfono"
        value={form.values.phone}
        onChange={(phone) => form.setFieldValue('phone', phone)}
        error={appForm.errorOf('phone')}
        required
      />
    </AppForm>
  )
}
