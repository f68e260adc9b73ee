import {
  ANY_SELLER,
  can,
  PERMISSION_DENIED_REASONS,
  STORE_ROLE_LABELS,
  type RoutePermission,
  type StoreRole,
} from '@barrio/contracts/permissions'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { runWithActorSlot, setActor } from '../lib/actor.ts'
import { AppError } from '../lib/errors.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route needs (decision 029): a permission of contracts' `permissions.ts`, checked
     * against the user's role in the store it acts on, or `ANY_SELLER` for a route that acts on
     * no single store. Every /api/v1/admin route declares one; one without it answers 403.
     */
    permission?: RoutePermission
    /**
     * The path parameter that names the store the route acts on, for routes under
     * /admin/stores/{id}; by default the store is the x-store-id header's (requireStore).
     */
    storeParam?: string
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function roleNotAllowed(
  role: StoreRole,
  permission: Exclude<RoutePermission, 'any-seller'>,
) {
  return new AppError(
    'ROLE_NOT_ALLOWED',
    `${PERMISSION_DENIED_REASONS[permission]} (tu rol: ${STORE_ROLE_LABELS[role]})`,
  )
}

function displayName(user: NonNullable<FastifyRequest['user']>) {
  const full = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim()
  return full || user.userName || user.email
}

/**
 * The one permission guard of the seller scope. It runs after `requireAdmin` (and before the
 * body is read): resolves the user's role in the store the route acts on and refuses with 403
 * ROLE_NOT_ALLOWED what the role may not do. A route that declares no permission is refused for
 * everyone (fail closed) and fails `permissions.hardening.test.ts`.
 *
 * It also opens the request's actor slot, so the order timeline names who acted (decision 029).
 */
export function addPermissionGuard(
  scope: FastifyInstance,
  deps: { requireAdmin: typeof scope.requireAdmin },
) {
  // Callback style: the rest of the request (hooks, handler, services) runs inside the slot.
  scope.addHook('onRequest', (_request, _reply, done) => runWithActorSlot(() => done()))
  scope.addHook('onRequest', deps.requireAdmin)
  scope.addHook(
    'onRequest',
    async function permissionGuard(request: FastifyRequest, reply: FastifyReply) {
      const user = request.user!
      setActor({ userId: user.id, name: displayName(user) })
      const { permission, storeParam } = request.routeOptions.config
      if (!permission) {
        request.log.error({ url: request.routeOptions.url }, 'admin route without a permission')
        throw new AppError('FORBIDDEN', 'Esta acción no declara qué permiso necesita.')
      }
      if (permission === ANY_SELLER) return
      let role: StoreRole
      if (storeParam) {
        const storeId = (request.params as Record<string, string | undefined>)[storeParam]
        // A malformed id is the route's validation's to answer (400).
        if (!storeId || !UUID.test(storeId)) return
        role = await scope.storesService.roleIn(user.id, storeId)
      } else {
        await scope.requireStore(request, reply)
        role = request.store!.role
      }
      if (!can(role, permission)) throw roleNotAllowed(role, permission)
    },
  )
}
