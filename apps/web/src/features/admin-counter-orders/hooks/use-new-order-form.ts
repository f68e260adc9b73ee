import type { CounterOrderInput } from '@barrio/contracts/admin-counter-orders'
import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { useState } from 'react'

import { useAdminCustomer } from '@/api/admin/customers/get-customer'
import {
  useCreateCounterOrder,
  type CreateCounterOrderVariables,
} from '@/api/admin/orders/create-counter-order'
import type { Validated } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'
import {
  emptyDraft,
  validateNewOrder,
  type NewOrderDraft,
} from '@/features/admin-counter-orders/utils/new-order'
import { isApiError } from '@/lib/http/api-error'
import { createUuid } from '@/lib/uuid'

const ORDER_FAILED_MESSAGE = 'No pudimos crear el pedido. Probá de nuevo.'

/**
 * The new order's state on the form kit: the draft validated with the contract schema, the
 * server's field errors under their fields (`items.0.quantity` under that line's quantity), and
 * the unsaved-changes guard while the draft differs from how the page opened. The chosen
 * customer's newest address is the delivery address until the seller picks another.
 */
export function useNewOrderForm({
  initialCustomerId,
  onCreated,
}: {
  initialCustomerId: string | null
  onCreated: (order: AdminOrder) => void
}) {
  const create = useCreateCounterOrder()
  // One Idempotency-Key per order being written: every attempt to send this order carries it
  // (a second click or a retry after a lost answer gets the same order back); a new one after
  // the order is made, or when the server says this key already made an order with other data.
  const [idempotencyKey, setIdempotencyKey] = useState(createUuid)
  const mutation = {
    isPending: create.isPending,
    mutateAsync: async (variables: CreateCounterOrderVariables) => {
      try {
        const order = await create.mutateAsync(variables)
        setIdempotencyKey(createUuid())
        return order
      } catch (error) {
        if (isApiError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED')
          setIdempotencyKey(createUuid())
        throw error
      }
    },
  }

  const [initialValues] = useState(() => emptyDraft(initialCustomerId))
  const form = useAppForm({
    // One action (create), no saved state to go back to; still guarded while it has content.
    mode: 'submit',
    guard: true,
    initialValues,
    validate: (draft: NewOrderDraft): Validated<CounterOrderInput> =>
      validateNewOrder({ ...draft, shippingAddressId }),
    mutation,
    toVariables: (input: CounterOrderInput) => ({ input, idempotencyKey }),
    errorFallback: ORDER_FAILED_MESSAGE,
    // The page says it with its toast and opens the order.
    onSaved: onCreated,
  })
  const draft = form.form.values

  const customer = useAdminCustomer(draft.customerId)
  const addresses = draft.customerId ? (customer.data?.addresses ?? []) : []
  const shippingAddressId = draft.shippingAddressId ?? addresses[0]?._id ?? null

  /** Sets one part of the draft and clears its error (and those of `clear`). */
  function update<K extends keyof NewOrderDraft>(
    key: K,
    value: NewOrderDraft[K],
    clear: string[] = [],
  ) {
    // @mantine/form's path types do not resolve for a generic key; `K` already ties the two.
    form.form.setFieldValue(key, value as never)
    for (const path of clear) form.form.clearFieldError(path)
  }

  function setQuantity(index: number, quantity: number) {
    form.form.setFieldValue(`items.${index}.quantity`, quantity)
  }

  /** Clears every line error: removing a line moves the indexes the others are named by. */
  function clearLineErrors() {
    form.form.setErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith('items.'))),
    )
  }

  return {
    form,
    draft,
    update,
    setQuantity,
    clearLineErrors,
    customer,
    addresses,
    shippingAddressId,
  }
}

export type NewOrderFormState = ReturnType<typeof useNewOrderForm>
