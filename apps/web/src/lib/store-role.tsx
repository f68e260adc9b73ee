import {
  can,
  PERMISSION_DENIED_REASONS,
  STORE_ROLE_LABELS,
  type Permission,
  type StoreRole,
} from '@barrio/contracts/permissions'
import { Alert, Stack, Title } from '@mantine/core'
import { createContext, useContext, type ReactNode } from 'react'

/**
 * The signed-in seller's role in the selected store (decision 029), provided by the admin shell
 * from the stores list. Screens hide or disable what the role may not do and say why; the API
 * refuses it anyway. While the role is unknown (stores loading), nothing is hidden.
 */
const StoreRoleContext = createContext<StoreRole | null>(null)

export function StoreRoleProvider({
  role,
  children,
}: {
  role: StoreRole | null
  children: ReactNode
}) {
  return <StoreRoleContext.Provider value={role}>{children}</StoreRoleContext.Provider>
}

export function useStoreRole(): StoreRole | null {
  return useContext(StoreRoleContext)
}

/** True unless the role is known and lacks the permission. */
export function useCan(permission: Permission): boolean {
  const role = useStoreRole()
  return role === null || can(role, permission)
}

/** Why the role may not do it, in Spanish ("… (tu rol: Personal)"). */
export function deniedReason(permission: Permission, role: StoreRole | null): string {
  const reason = PERMISSION_DENIED_REASONS[permission]
  return role ? `${reason} Tu rol en este comercio: ${STORE_ROLE_LABELS[role]}.` : reason
}

/** A page section the role may not open: the reason instead of the content. */
export function PermissionGate({
  permission,
  children,
}: {
  permission: Permission
  children: ReactNode
}) {
  const role = useStoreRole()
  if (role === null || can(role, permission)) return <>{children}</>
  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <Title order={1} size="h2">
        Sin acceso
      </Title>
      <Alert color="yellow" title="No tenés acceso a esta sección" role="status">
        {deniedReason(permission, role)}
      </Alert>
    </Stack>
  )
}
