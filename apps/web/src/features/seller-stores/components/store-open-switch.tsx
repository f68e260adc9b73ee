import type { AdminStore } from '@barrio/contracts/admin-stores'
import { Switch } from '@mantine/core'

import { useToggleStoreOpen } from '@/features/seller-stores/api/toggle-store-open'

/** Opens or closes a store for customers (POST toggle-open). */
export function StoreOpenSwitch({
  store,
  label,
  size = 'md',
}: {
  store: Pick<AdminStore, '_id' | 'name' | 'isOpen' | 'status'>
  /** Visible label; the accessible name always names the store. */
  label?: string
  size?: 'sm' | 'md' | 'lg'
}) {
  const toggle = useToggleStoreOpen()
  const pending = toggle.isPending && toggle.variables?.storeId === store._id
  const checked = pending ? (toggle.variables?.isOpen ?? store.isOpen) : store.isOpen
  return (
    <Switch
      size={size}
      checked={checked}
      disabled={pending || store.status === 'archived'}
      label={label ?? (checked ? 'Abierta' : 'Cerrada')}
      aria-label={`${store.name} abierta`}
      onChange={(event) =>
        toggle.mutate({ storeId: store._id, isOpen: event.currentTarget.checked })
      }
      color="green"
    />
  )
}
