import type { AdminStore } from '@barrio/contracts/admin-stores'
import { Switch } from '@mantine/core'

import { useToggleStoreOpen } from '@/api/admin/stores/toggle-store-open'

/** Opens or closes a store for customers (POST toggle-open). */
export function StoreOpenSwitch({
  store,
  labels = { open: 'Abierta', closed: 'Cerrada' },
  size = 'md',
}: {
  store: Pick<AdminStore, '_id' | 'name' | 'isOpen' | 'status'>
  /**
   * The visible label in each position: it says the store's state, so it changes with the switch
   * (issue 30: "Tienda abierta" stayed while it was off). The accessible name always names the
   * store and what "on" means.
   */
  labels?: { open: string; closed: string }
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
      label={checked ? labels.open : labels.closed}
      aria-label={`${store.name} abierta`}
      onChange={(event) =>
        toggle.mutate({ storeId: store._id, isOpen: event.currentTarget.checked })
      }
      color="green"
    />
  )
}
