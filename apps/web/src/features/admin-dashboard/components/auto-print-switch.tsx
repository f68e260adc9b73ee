import { PERMISSION_DENIED_REASONS } from '@barrio/contracts/permissions'
import { Switch } from '@mantine/core'

import {
  usePrintingSettings,
  useSavePrintingSettings,
} from '@/api/admin/settings/printing-settings'
import { useCan } from '@/lib/store-role'

export const AUTO_PRINT_LABEL = 'Imprimir automáticamente los pedidos nuevos'

/**
 * The store's "Imprimir automáticamente los pedidos nuevos" (decision 052), where it acts: on the
 * dashboard, which opens the comanda of each order that arrives while it is open.
 */
export function AutoPrintSwitch() {
  const settings = usePrintingSettings()
  const save = useSavePrintingSettings()
  const mayChange = useCan('settings')
  if (!settings.data) return null
  const checked = save.isPending
    ? (save.variables?.autoPrintNewOrders ?? settings.data.autoPrintNewOrders)
    : settings.data.autoPrintNewOrders
  return (
    <Switch
      label={AUTO_PRINT_LABEL}
      description={
        mayChange
          ? 'Mientras el panel esté abierto, cada pedido nuevo abre su comanda para imprimir.'
          : PERMISSION_DENIED_REASONS.settings
      }
      checked={checked}
      disabled={!mayChange || save.isPending}
      onChange={(event) => save.mutate({ autoPrintNewOrders: event.currentTarget.checked })}
    />
  )
}
