import { STORE_ROLE_LABELS } from '@barrio/contracts/permissions'
import { Button, Card, Modal, Stack, Text } from '@mantine/core'
import { IconUserPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useParams } from 'react-router'

import { AdminPage } from '@/components/admin/admin-page'
import { LoadingState } from '@/components/admin/page-states'
import { ErrorState } from '@/components/errors/error-state'
import { paths } from '@/config/paths'
import { useCollaborator } from '@/api/admin/collaborators/get-collaborator'
import {
  CollaboratorsList,
  collaboratorLabel,
  statusLabel,
} from '@/features/admin-collaborators/components/collaborators-list'
import { InviteForm } from '@/features/admin-collaborators/components/invite-form'
import { formatDate } from '@/lib/format'
import { PermissionGate } from '@/lib/store-role'

const INVITE_LABEL = 'Invitar'

export function AdminCollaboratorsPage() {
  const [inviting, setInviting] = useState(false)
  return (
    <PermissionGate permission="collaborators">
      <AdminPage
        title="Colaboradores"
        description="Las personas que te ayudan con la tienda y qué puede hacer cada una. Las invitaciones vencen a los 7 días."
        actions={
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setInviting(true)}
          >
            {INVITE_LABEL}
          </Button>
        }
      >
        <CollaboratorsList />
        <Modal opened={inviting} onClose={() => setInviting(false)} title="Invitar al equipo">
          {inviting ? <InviteForm onDone={() => setInviting(false)} /> : null}
        </Modal>
      </AdminPage>
    </PermissionGate>
  )
}

export function AdminCollaboratorPage() {
  const { collaboratorId = '' } = useParams()
  const query = useCollaborator(collaboratorId)
  return (
    <PermissionGate permission="collaborators">
      <AdminPage
        title={query.data ? collaboratorLabel(query.data) : 'Colaborador'}
        back={{ href: paths.admin.collaborators.getHref(), label: 'Colaboradores' }}
      >
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState
            title="No pudimos cargar a esta persona"
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <Card withBorder>
            <Stack gap="xs">
              <Text>Correo: {query.data.email}</Text>
              <Text>Rol: {STORE_ROLE_LABELS[query.data.role]}</Text>
              <Text>Estado: {statusLabel(query.data)}</Text>
              {query.data.invitedAt ? (
                <Text>Invitación: {formatDate(query.data.invitedAt)}</Text>
              ) : null}
              {query.data.acceptedAt ? (
                <Text>En el equipo desde: {formatDate(query.data.acceptedAt)}</Text>
              ) : null}
            </Stack>
          </Card>
        )}
      </AdminPage>
    </PermissionGate>
  )
}
