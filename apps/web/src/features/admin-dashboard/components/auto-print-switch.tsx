import { PERMISSION_DENIED_REASONS } from '@barrio/contracts/permissions'
import { Box, Skeleton, Switch } from '@mantine/core'

import {
  usePrintingSettings,
  useSavePrintingSettings,
} from '@/api/admin/settings/printing-settings'
import { useCan } from '@/lib/store-role'

export const AUTO_PRINT_LABEL = 'Imprimir automáticamente los pedidos nuevos'

/**
 * The store's "Imprimir automáticamente los pedidos nuevos" (decision 052), where it acts: on the
 * dashboard, which opens the comanda of each order that arrives while it is open. Until the
 * setting arrives the switch keeps its place under a skeleton laid over it (hidden from assistive
 * technology): appearing later, it pushed the store's card and everything below it down (issue 29:
 * the dashboard's layout shift on a phone). The skeleton goes once the setting is there (a
 * `Skeleton visible={false}` would stay in the page as a wrapper, which reads as still loading).
 */
export function AutoPrintSwitch() {
  const settings = usePrintingSettings()
  const save = useSavePrintingSettings()
  const mayChange = useCan('settings')
  if (settings.isError) return null
  const loading = !settings.data
  const saved = settings.data?.autoPrintNewOrders ?? false
  const checked = save.isPending ? (save.variables?.autoPrintNewOrders ?? saved) : saved
  return (
    <Box pos="relative" aria-hidden={loading || undefined} w="fit-content" maw="100%">
      <Switch
        label={AUTO_PRINT_LABEL}
        description={
          mayChange
            ? 'Mientras el panel esté abierto, cada pedido nuevo abre su comanda para imprimir.'
            : PERMISSION_DENIED_REASONS.settings
        }
        checked={checked}
        disabled={loading || !mayChange || save.isPending}
        onChange={(event) => save.mutate({ autoPrintNewOrders: event.currentTarget.checked })}
      />
      {loading && <Skeleton pos="absolute" inset={0} />}
    </Box>
  )
}
