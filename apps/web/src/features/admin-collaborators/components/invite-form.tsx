import {
  collaboratorInviteInputSchema,
  INVITABLE_ROLES,
  type CollaboratorInviteInput,
} from '@barrio/contracts/admin-collaborators'
import { STORE_ROLE_LABELS } from '@barrio/contracts/permissions'
import { Select, TextInput } from '@mantine/core'

import { AppForm } from '@/components/form/app-form'
import { validateWith } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'
import { useInviteCollaborator } from '@/api/admin/collaborators/collaborator-mutations'

export const ROLE_HELP = {
  manager: 'Encargado: todo menos el equipo y eliminar el comercio.',
  staff: 'Personal: pedidos, clientes y stock; no precios, pagos, estadísticas ni configuración.',
} as const

type InviteValues = { email: string; role: CollaboratorInviteInput['role'] }

const EMPTY_INVITE: InviteValues = { email: '', role: 'staff' }

const ROLE_OPTIONS = INVITABLE_ROLES.map((r) => ({ value: r, label: STORE_ROLE_LABELS[r] }))

/**
 * Invite by e-mail with a role, checked with the contract's schema; its errors and the server's
 * sit under their field, in Spanish. The mutation says "sent" with its toast.
 */
export function InviteForm({ onDone }: { onDone?: () => void }) {
  const invite = useAppForm({
    mode: 'submit',
    initialValues: EMPTY_INVITE,
    validate: (values: InviteValues) => validateWith(collaboratorInviteInputSchema, values),
    mutation: useInviteCollaborator(),
    resetOnSuccess: true,
    onSaved: () => onDone?.(),
  })
  const { form } = invite

  return (
    <AppForm form={invite} label="Invitar al equipo" submitLabel="Enviar invitación">
      <TextInput
        label="Correo electrónico"
        type="email"
        autoComplete="email"
        required
        {...form.getInputProps('email')}
      />
      <Select
        label="Rol"
        data={ROLE_OPTIONS}
        value={form.values.role}
        onChange={(role) => {
          const chosen = INVITABLE_ROLES.find((r) => r === role)
          if (chosen) form.setFieldValue('role', chosen)
        }}
        allowDeselect={false}
        error={invite.errorOf('role')}
        description={ROLE_HELP[form.values.role]}
      />
    </AppForm>
  )
}
