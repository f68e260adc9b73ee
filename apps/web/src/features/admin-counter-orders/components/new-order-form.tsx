import type { AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import type { AdminOrder } from '@barrio/contracts/admin-orders'
import { Stack, Text } from '@mantine/core'
import { useRef, type FormEvent } from 'react'

import type { VariantOption } from '@/api/admin/inventory/get-inventory'
import { useOrderQuote } from '@/api/admin/orders/quote-counter-order'
import { CustomerPicker } from '@/features/admin-counter-orders/components/customer-picker'
import { DeliveryChoice } from '@/features/admin-counter-orders/components/delivery-choice'
import { FormSection } from '@/features/admin-counter-orders/components/form-section'
import { OrderLines } from '@/features/admin-counter-orders/components/order-lines'
import { OrderTotals } from '@/features/admin-counter-orders/components/order-totals'
import { PaymentChoice } from '@/features/admin-counter-orders/components/payment-choice'
import { ProductSearch } from '@/features/admin-counter-orders/components/product-search'
import { useNewOrderForm } from '@/features/admin-counter-orders/hooks/use-new-order-form'
import { addLine } from '@/features/admin-counter-orders/utils/new-order'

const LINE_ERROR = /^items\.\d+\.variantId$/

/**
 * "Nuevo pedido": the seller writes an order taken by phone, WhatsApp or at the counter. Pick or
 * create the customer, add products from a keyboard-friendly search (Enter adds, focus stays in
 * the search), choose delivery and payment, and create it; the totals are the server's
 * (POST /admin/orders/quote) and the answer is the new order. The state, its validation with the
 * contract schema and the unsaved-changes guard live in useNewOrderForm.
 */
export function NewOrderForm({
  initialCustomerId,
  onCreated,
}: {
  initialCustomerId?: string | null
  onCreated: (order: AdminOrder) => void
}) {
  const order = useNewOrderForm({ initialCustomerId: initialCustomerId ?? null, onCreated })
  const { form, draft, update, addresses, shippingAddressId } = order
  const root = useRef<HTMLDivElement>(null)
  const productSearch = useRef<HTMLInputElement>(null)
  const focusProductSearch = () => requestAnimationFrame(() => productSearch.current?.focus())
  const quote = useOrderQuote({
    customerId: draft.customerId,
    items: draft.items.map((l) => ({
      variantId: l.variantId,
      quantity: Math.max(1, l.quantity || 1),
    })),
    deliveryType: draft.deliveryType,
    shippingAddressId: draft.deliveryType === 'pickup' ? null : shippingAddressId,
  })
  const { errorOf, fieldErrors } = form
  // The server's message repeated under a field is said once, there.
  const formError =
    form.formError && !Object.values(fieldErrors).includes(form.formError) ? form.formError : null

  function chooseCustomer(customer: AdminCustomerDetail | { _id: string }) {
    update('customerId', customer._id)
    const newest = 'addresses' in customer ? customer.addresses[0] : undefined
    update('shippingAddressId', newest?._id ?? null)
    // Next: the products.
    focusProductSearch()
  }

  function addVariant(v: VariantOption) {
    const line = { variantId: v.variantId, title: v.productTitle, variantTitle: v.variantTitle }
    const stock = v.trackInventory ? v.stock : null
    update('items', addLine(draft.items, { ...line, price: v.price, stock }))
    // Focus stays in the search: type, Enter, type, Enter.
    focusProductSearch()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    void form.save().then((created) => {
      // The customer picker sits outside the <form>: the first marked field may be there.
      if (!created)
        requestAnimationFrame(() =>
          root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        )
    })
  }

  return (
    <Stack gap="lg" maw={760} ref={root}>
      <CustomerPicker
        customerId={draft.customerId}
        error={errorOf('customerId')}
        onChoose={chooseCustomer}
        onClear={() => {
          update('customerId', null)
          update('shippingAddressId', null)
        }}
      />

      <form ref={form.formRef} onSubmit={submit} noValidate aria-label="Nuevo pedido">
        <Stack gap="lg">
          <FormSection id="new-order-items" title="Productos">
            <ProductSearch inputRef={productSearch} error={errorOf('items')} onAdd={addVariant} />
            {Object.entries(fieldErrors)
              .filter(([path]) => LINE_ERROR.test(path))
              .map(([path, message]) => (
                <Text key={path} c="red" size="sm" role="alert">
                  {message}
                </Text>
              ))}
            <OrderLines
              lines={draft.items}
              priced={quote.data?.lines}
              errorOf={errorOf}
              onQuantity={order.setQuantity}
              onRemove={(index) => {
                update(
                  'items',
                  draft.items.filter((_, i) => i !== index),
                )
                order.clearLineErrors()
                focusProductSearch()
              }}
            />
          </FormSection>

          <DeliveryChoice
            quote={quote}
            onRetry={() => void quote.refetch()}
            draft={draft}
            addresses={addresses}
            shippingAddressId={shippingAddressId}
            errorOf={errorOf}
            onDeliveryType={(type) => update('deliveryType', type, ['shippingAddressId'])}
            onAddress={(id) => update('shippingAddressId', id)}
          />

          <PaymentChoice
            methods={quote.data?.paymentMethods}
            draft={draft}
            errorOf={errorOf}
            onMethod={(method) => update('paymentMethod', method)}
            onPaid={(paid) => update('paid', paid, ['paymentMethod'])}
            onNote={(note) => update('note', note)}
          />

          <OrderTotals
            quote={quote.data}
            deliveryType={draft.deliveryType}
            error={formError}
            isSaving={form.isSaving}
          />
        </Stack>
      </form>
    </Stack>
  )
}
