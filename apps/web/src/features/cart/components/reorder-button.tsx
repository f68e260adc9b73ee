import type { Order } from '@barrio/contracts/orders'
import { Button } from '@mantine/core'
import { IconRepeat } from '@tabler/icons-react'
import { useState } from 'react'

import { useReorder } from '@/features/cart/api/use-reorder'

export const REORDER_LABEL = 'Volver a pedir'

/** "Volver a pedir": puts the order's items in the cart and opens it. */
export function ReorderButton({ order }: { order: Order }) {
  const reorder = useReorder()
  const [isPending, setIsPending] = useState(false)
  return (
    <Button
      variant="light"
      leftSection={<IconRepeat size={16} aria-hidden />}
      loading={isPending}
      onClick={() => {
        setIsPending(true)
        void reorder(order).finally(() => setIsPending(false))
      }}
    >
      {REORDER_LABEL}
    </Button>
  )
}
