// No zod here: the web app's seller navigation reads this table on its first render (decision 020).

/**
 * A person's role in one store: its owner (the store's `owner_id`), or a collaborator invited by
 * the owner as manager or staff (decision 029).
 */
export const STORE_ROLES = ['owner', 'manager', 'staff'] as const
export type StoreRole = (typeof STORE_ROLES)[number]

/**
 * What a seller route or screen needs, one name per kind of action. Every /api/v1/admin route
 * declares one (route `config: { permission }`), checked by the one guard in the API's
 * `plugins/permissions.ts`.
 */
export const PERMISSIONS = [
  /** The seller's home: today's orders, what waits, low stock. */
  'dashboard',
  /** See orders and act on them: prepare, deliver, mark as paid, cancel, notes. */
  'orders',
  /** See the store's customers and add or edit them (a phone order needs its customer). */
  'customers',
  /** See the catalogue and stock, adjust stock. */
  'stock',
  /** Create, edit and archive products and collections (prices need `prices` too). */
  'products',
  /** Set or change product and variant prices. */
  'prices',
  /** The store's data, opening, logistics, taxes and notifications. */
  'settings',
  /** Payment methods, the payments ledger and refunds. */
  'payments',
  /** Sales figures and their exports. */
  'analytics',
  /** Invite, change and remove the store's team. */
  'collaborators',
  /** Delete (or archive) the store. */
  'store.delete',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/**
 * What a route that acts on no single store declares: the signed-in seller's own stores (list,
 * create) and static lists. Such a route still needs a seller account, and its handler checks
 * the user's access to any store it names.
 */
export const ANY_SELLER = 'any-seller' as const
export type RoutePermission = Permission | typeof ANY_SELLER

/** Role → what it may do. Staff run the counter; managers run the shop; the owner also its team. */
export const ROLE_PERMISSIONS: Record<StoreRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => p !== 'collaborators' && p !== 'store.delete'),
  staff: ['dashboard', 'orders', 'customers', 'stock', 'products'],
}

export function can(role: StoreRole | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false
}

/** Spanish names of the roles (es-AR). */
export const STORE_ROLE_LABELS: Record<StoreRole, string> = {
  owner: 'Dueño',
  manager: 'Encargado',
  staff: 'Personal',
}

/** Why a screen or button is off, in the words the seller reads next to it. */
export const PERMISSION_DENIED_REASONS: Record<Permission, string> = {
  dashboard: 'Tu rol no permite ver el inicio del comercio.',
  orders: 'Tu rol no permite ver ni gestionar pedidos.',
  customers: 'Tu rol no permite ver ni editar clientes.',
  stock: 'Tu rol no permite ver ni ajustar el stock.',
  products: 'Tu rol no permite editar productos.',
  prices: 'Solo el dueño o un encargado pueden cambiar precios.',
  settings: 'Solo el dueño o un encargado pueden cambiar la configuración.',
  payments: 'Solo el dueño o un encargado pueden ver los pagos y devolver dinero.',
  analytics: 'Solo el dueño o un encargado pueden ver las estadísticas.',
  collaborators: 'Solo el dueño puede gestionar el equipo.',
  'store.delete': 'Solo el dueño puede eliminar el comercio.',
}
