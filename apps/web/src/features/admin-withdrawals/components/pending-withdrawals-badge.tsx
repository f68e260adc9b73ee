import { Badge } from '@mantine/core'

import { usePendingWithdrawalsCount } from '@/api/admin/withdrawals/withdrawals'
import { formatCount, plural } from '@/lib/format'

/**
 * How many botón de arrepentimiento requests wait for the store's answer (GET
 * /admin/withdrawals?status=requested&limit=1 → totalDocs); nothing when none.
 */
export function PendingWithdrawalsBadge() {
  const count = usePendingWithdrawalsCount()
  if (count === 0) return null
  return (
    <Badge
      size="sm"
      color="orange"
      variant="filled"
      circle={count < 10}
      aria-label={plural(count, 'pendiente', 'pendientes')}
    >
      {formatCount(count)}
    </Badge>
  )
}
