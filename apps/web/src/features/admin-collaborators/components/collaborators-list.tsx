import type { Collaborator } from '@barrio/contracts/admin-collaborators'
import { STORE_ROLE_LABELS } from '@barrio/contracts/permissions'
import { Anchor, Badge, Stack, Text } from '@mantine/core'
import { IconMailForward, IconTrash, IconUserCog } from '@tabler/icons-react'
import { Link } from 'react-router'
import { z } from 'zod'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { pageParam } from '@/components/admin/list/list-params'
import { useListState } from '@/components/admin/list/use-list-state'
import { confirm } from '@/components/confirm/confirm'
import { paths } from '@/config/paths'
import {
  useChangeCollaboratorRole,
  useRemoveCollaborator,
  useResendInvitation,
} from '@/api/admin/collaborators/collaborator-mutations'
import { useCollaborators } from '@/api/admin/collaborators/get-collaborators'
import { useAppStore } from '@/lib/app-store'
import { formatDate } from '@/lib/format'

const listSchema = z.object({ page: pageParam() })

export const collaboratorLabel = (c: Collaborator) => c.name ?? c.email

export function isExpired(c: Collaborator, now = Date.now()) {
  return c.status === 'invited' && c.expiresAt !== null && new Date(c.expiresAt).getTime() <= now
}

export function statusLabel(c: Collaborator) {
  if (c.status === 'active') return 'Activo'
  return isExpired(c) ? 'Invitación vencida' : 'Invitación pendiente'
}

const COLUMNS: Array<ListColumn<Collaborator>> = [
  {
    key: 'name',
    header: 'Persona',
    card: 'title',
    cell: (c) => (
      <Stack gap={2}>
        <Anchor component={Link} to={paths.admin.collaborator.getHref(c._id)} fw={700}>
          {collaboratorLabel(c)}
        </Anchor>
        {c.name ? (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {c.email}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'role',
    header: 'Rol',
    cell: (c) => <Text size="sm">{STORE_ROLE_LABELS[c.role]}</Text>,
  },
  {
    key: 'status',
    header: 'Estado',
    cell: (c) => (
      <Badge
        variant="light"
        color={c.status === 'active' ? 'green' : isExpired(c) ? 'red' : 'yellow'}
      >
        {statusLabel(c)}
      </Badge>
    ),
  },
  {
    key: 'since',
    header: 'Desde',
    cell: (c) => (
      <Text size="sm">
        {c.status === 'active'
          ? c.acceptedAt
            ? formatDate(c.acceptedAt)
            : '—'
          : c.expiresAt
            ? `Vence el ${formatDate(c.expiresAt)}`
            : '—'}
      </Text>
    ),
  },
]

/** The selected store's team: owner, members and invitations, with their actions. */
export function CollaboratorsList() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const list = useListState(listSchema)
  const query = useCollaborators({ page: list.values.page })
  const remove = useRemoveCollaborator()
  const resend = useResendInvitation()
  const changeRole = useChangeCollaboratorRole()

  const askRemove = (c: Collaborator) =>
    void confirm(
      c.status === 'invited'
        ? {
            message: `¿Querés anular la invitación a ${c.email}?`,
            smallText: 'El enlace que le enviamos deja de funcionar.',
          }
        : {
            message: `¿Querés quitar a ${collaboratorLabel(c)} del equipo?`,
            smallText:
              'Deja de ver este comercio. Lo que hizo queda en el historial de los pedidos.',
          },
    ).then((ok) => {
      if (ok)
        remove.mutate({
          id: c._id,
          message:
            c.status === 'invited'
              ? `Anulaste la invitación a ${c.email}.`
              : `Quitaste a ${collaboratorLabel(c)} del equipo.`,
        })
    })

  return (
    <DataList
      label="Equipo"
      errorTitle="No pudimos cargar tu equipo"
      query={query}
      waiting={!storeId}
      columns={COLUMNS}
      rowKey={(c) => c._id}
      rowLabel={collaboratorLabel}
      onPageChange={list.setPage}
      filtered={false}
      onClearFilters={list.clearFilters}
      empty={{ title: 'Todavía no invitaste a nadie' }}
      minWidth={640}
      rowActions={(c) =>
        c.role === 'owner'
          ? []
          : [
              ...(c.status === 'invited'
                ? [
                    {
                      label: 'Reenviar invitación',
                      icon: <IconMailForward size={14} aria-hidden />,
                      onClick: () => resend.mutate({ id: c._id }),
                    },
                  ]
                : []),
              {
                label: c.role === 'staff' ? 'Hacer encargado' : 'Hacer personal',
                icon: <IconUserCog size={14} aria-hidden />,
                onClick: () =>
                  changeRole.mutate({ id: c._id, role: c.role === 'staff' ? 'manager' : 'staff' }),
              },
              {
                label: c.status === 'invited' ? 'Anular invitación' : 'Quitar del equipo',
                color: 'red',
                icon: <IconTrash size={14} aria-hidden />,
                onClick: () => askRemove(c),
              },
            ]
      }
    />
  )
}
