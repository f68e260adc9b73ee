import { PRODUCT_STATUS_LABELS, type AdminProduct } from '@barrio/contracts/admin-products'
import { Badge } from '@mantine/core'

const COLORS: Record<AdminProduct['status'], string> = {
  draft: 'gray',
  active: 'green',
  archived: 'red',
}

export function ProductStatusBadge({ status }: { status: AdminProduct['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {PRODUCT_STATUS_LABELS[status]}
    </Badge>
  )
}
