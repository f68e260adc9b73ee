import {
  collaboratorInviteInputSchema,
  INVITABLE_ROLES,
} from '@barrio/contracts/admin-collaborators'
import { STORE_ROLE_LABELS } from '@barrio/contracts/permissions'
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'

import { useInviteCollaborator } from '@/features/seller-collaborators/api/collaborator-mutations'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'

export const ROLE_HELP = {
  manager: 'Encargado: todo menos el equipo y eliminar el comercio.',
  staff: 'Personal: pedidos, clientes y stock; no precios, pagos, estadísticas ni configuración.',
} as const

/** Invite by e-mail with a role; errors sit under their field, in Spanish. */
export function InviteForm({ onDone }: { onDone?: () => void }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<'manager' | 'staff'>('staff')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const invite = useInviteCollaborator()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setFormError(null)
    const parsed = collaboratorInviteInputSchema.safeParse({ email, role })
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setEmail('')
        onDone?.()
      },
      onError: (error) => {
        const fields = getFieldErrors(error)
        setErrors(fields)
        if (Object.keys(fields).length === 0) setFormError(getErrorMessage(error))
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Invitar al equipo">
      <Stack gap="sm">
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <Select
          label="Rol"
          data={INVITABLE_ROLES.map((r) => ({ value: r, label: STORE_ROLE_LABELS[r] }))}
          value={role}
          onChange={(v) => v && setRole(v as 'manager' | 'staff')}
          allowDeselect={false}
          error={errors.role}
          description={ROLE_HELP[role]}
        />
        {formError ? (
          <Text c="red" size="sm" role="alert">
            {formError}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending}>
            Enviar invitación
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
