import { PRODUCT_STATUS_LABELS, type AdminProduct } from '@barrio/contracts/admin-products'
import { Badge, Group } from '@mantine/core'

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

/** "Oculto por Barrio: {reason}": the operator hid the product from customers (issue 24). */
export function ProductHiddenBadge({ hidden }: { hidden: AdminProduct['hidden'] }) {
  if (!hidden) return null
  return (
    <Badge
      color="orange"
      variant="light"
      tt="none"
      h="auto"
      py={2}
      maw="100%"
      title={hidden.reason}
      styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
    >
      {`Oculto por Barrio: ${hidden.reason}`}
    </Badge>
  )
}

/** The product's status and, when the operator hid it, why. */
export function ProductBadges({ product }: { product: Pick<AdminProduct, 'status' | 'hidden'> }) {
  return (
    <Group gap={6} wrap="wrap">
      <ProductStatusBadge status={product.status} />
      <ProductHiddenBadge hidden={product.hidden} />
    </Group>
  )
}
