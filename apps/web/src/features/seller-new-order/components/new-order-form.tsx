import type { AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import type { AdminOrder } from '@barrio/contracts/admin-orders'
import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'

import type { FieldErrors } from '@/components/admin/form-errors'
import {
  useCreateSellerOrder,
  useCustomer,
  useCustomerSearch,
  useOrderQuote,
  useVariantSearch,
  type VariantOption,
} from '@/features/seller-new-order/api/new-order-api'
import { AddressQuickForm } from '@/features/seller-new-order/components/address-quick-form'
import { QuickCustomerForm } from '@/features/seller-new-order/components/quick-customer-form'
import {
  addLine,
  lineName,
  serverFieldErrors,
  toOrderInput,
  validateDraft,
  type NewOrderDraft,
} from '@/features/seller-new-order/utils/new-order'
import { formatMoney } from '@/lib/format'
import { isApiError } from '@/lib/http/api-error'
import { createUuid } from '@/lib/uuid'

const SEARCH_DEBOUNCE_MS = 200

function customerLabel(c: {
  firstName: string
  lastName: string
  phone: string
  email: string | null
}) {
  return `${c.firstName} ${c.lastName} · ${c.phone}${c.email ? ` · ${c.email}` : ''}`
}

function variantLabel(v: VariantOption) {
  const stock = v.trackInventory ? `${v.stock} en stock` : 'sin control de stock'
  return `${lineName({ title: v.productTitle, variantTitle: v.variantTitle })} · ${formatMoney(v.price)} · ${stock}`
}

/**
 * "Nuevo pedido": the seller writes an order taken by phone, WhatsApp or at the counter. Pick or
 * create the customer, add products from a keyboard-friendly search (Enter adds, focus stays in
 * the search), choose delivery and payment, and create it; the totals are the server's
 * (POST /admin/orders/quote) and the answer is the new order.
 */
export function NewOrderForm({
  initialCustomerId,
  onCreated,
}: {
  initialCustomerId?: string | null
  onCreated: (order: AdminOrder) => void
}) {
  const [draft, setDraft] = useState<NewOrderDraft>({
    customerId: initialCustomerId ?? null,
    lines: [],
    deliveryType: null,
    shippingAddressId: null,
    paymentMethod: null,
    paid: false,
    note: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [creatingCustomer, setCreatingCustomer] = useState(false)
  const [addingAddress, setAddingAddress] = useState(false)
  const [customerSearch, setCustomerSearch] = useState('')
  const [variantSearch, setVariantSearch] = useState('')
  const [debouncedCustomerSearch] = useDebouncedValue(customerSearch, SEARCH_DEBOUNCE_MS)
  const [debouncedVariantSearch] = useDebouncedValue(variantSearch, SEARCH_DEBOUNCE_MS)
  const variantInput = useRef<HTMLInputElement>(null)
  const quantityInputs = useRef<Array<HTMLInputElement | null>>([])

  const customer = useCustomer(draft.customerId)
  const addresses = customer.data?.addresses ?? []
  // The newest address is the default until the seller picks another.
  const shippingAddressId = draft.shippingAddressId ?? addresses[0]?._id ?? null
  const customers = useCustomerSearch(debouncedCustomerSearch)
  const variants = useVariantSearch(debouncedVariantSearch)
  const quote = useOrderQuote({
    customerId: draft.customerId,
    items: draft.lines.map((l) => ({
      variantId: l.variantId,
      quantity: Math.max(1, l.quantity || 1),
    })),
    deliveryType: draft.deliveryType,
    shippingAddressId: draft.deliveryType === 'pickup' ? null : shippingAddressId,
  })
  const create = useCreateSellerOrder()
  // One Idempotency-Key per order being written: every attempt to send this order carries it
  // (a second click or a retry after a lost answer gets the same order back); a new one after
  // the order is made, or when the server says this key already made an order with other data.
  const [idempotencyKey, setIdempotencyKey] = useState(createUuid)

  const update = (patch: Partial<NewOrderDraft>, clear: string[] = []) => {
    setDraft((d) => ({ ...d, ...patch }))
    if (clear.length)
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k))))
  }

  function chooseCustomer(c: AdminCustomerDetail | { _id: string }) {
    const addresses = 'addresses' in c ? c.addresses : []
    update({ customerId: c._id, shippingAddressId: addresses[0]?._id ?? null }, [
      'customerId',
      'shippingAddressId',
    ])
    setCreatingCustomer(false)
    setCustomerSearch('')
    // Next: the products.
    requestAnimationFrame(() => variantInput.current?.focus())
  }

  function addVariant(variantId: string | null) {
    const v = variants.data?.find((x) => x.variantId === variantId)
    if (!v) return
    update(
      {
        lines: addLine(draft.lines, {
          variantId: v.variantId,
          title: v.productTitle,
          variantTitle: v.variantTitle,
          price: v.price,
          stock: v.trackInventory ? v.stock : null,
        }),
      },
      ['items'],
    )
    setVariantSearch('')
    // Focus stays in the search: type, Enter, type, Enter.
    requestAnimationFrame(() => variantInput.current?.focus())
  }

  function setQuantity(index: number, quantity: number) {
    update({ lines: draft.lines.map((l, i) => (i === index ? { ...l, quantity } : l)) }, [
      `items.${index}.quantity`,
    ])
  }

  function removeLine(index: number) {
    update({ lines: draft.lines.filter((_, i) => i !== index) }, [`items.${index}.quantity`])
    requestAnimationFrame(() => variantInput.current?.focus())
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const complete = { ...draft, shippingAddressId }
    const found = validateDraft(complete)
    setErrors(found)
    if (Object.keys(found).length) {
      const first = document.querySelector<HTMLElement>('[aria-invalid="true"]')
      first?.focus()
      return
    }
    create.mutate(
      { input: toOrderInput(complete), idempotencyKey },
      {
        onSuccess: (order) => {
          setIdempotencyKey(createUuid())
          onCreated(order)
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'IDEMPOTENCY_KEY_REUSED')
            setIdempotencyKey(createUuid())
          setErrors(serverFieldErrors(error))
        },
      },
    )
  }

  // Options only for the text as typed now: Enter must never pick a result of an older search.
  const customersCurrent =
    customerSearch.trim() === debouncedCustomerSearch.trim() && !customers.isPlaceholderData
  const variantsCurrent =
    variantSearch.trim() === debouncedVariantSearch.trim() && !variants.isPlaceholderData
  const customerOptions = useMemo(
    () =>
      customersCurrent
        ? (customers.data ?? []).map((c) => ({ value: c._id, label: customerLabel(c) }))
        : [],
    [customers.data, customersCurrent],
  )
  const variantOptions = useMemo(
    () =>
      variantsCurrent
        ? (variants.data ?? []).map((v) => ({
            value: v.variantId,
            label: variantLabel(v),
            disabled: v.trackInventory && v.stock <= 0,
          }))
        : [],
    [variants.data, variantsCurrent],
  )
  const options = quote.data?.deliveryOptions ?? []
  const chosenOption = options.find((o) => o.type === draft.deliveryType)
  const needsAddress = draft.deliveryType !== null && draft.deliveryType !== 'pickup'
  const lineErrors = Object.entries(errors).filter(([k]) => /^items\.\d+\.variantId$/.test(k))

  return (
    <Stack gap="lg" maw={760}>
      <FormSection id="new-order-customer" title="Cliente">
        {draft.customerId ? (
          customer.isPending ? (
            <Text c="dimmed" size="sm">
              Cargando el cliente…
            </Text>
          ) : customer.isError ? (
            <Alert color="red" title="No pudimos cargar el cliente">
              <Button size="xs" variant="light" onClick={() => void customer.refetch()}>
                Reintentar
              </Button>
            </Alert>
          ) : (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>
                  {customer.data.firstName} {customer.data.lastName}
                </Text>
                <Text size="sm" c="dimmed">
                  {customer.data.phone}
                  {customer.data.email ? ` · ${customer.data.email}` : ''}
                </Text>
              </div>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => update({ customerId: null, shippingAddressId: null })}
              >
                Cambiar cliente
              </Button>
            </Group>
          )
        ) : creatingCustomer ? (
          <QuickCustomerForm
            onCreated={chooseCustomer}
            onCancel={() => setCreatingCustomer(false)}
          />
        ) : (
          <Stack gap="xs">
            <Select
              label="Buscar cliente"
              placeholder="Nombre, teléfono o correo"
              searchable
              autoFocus
              data={customerOptions}
              searchValue={customerSearch}
              onSearchChange={setCustomerSearch}
              // The server already searched (name, phone digits, e-mail): show what it found.
              filter={({ options: all }) => all}
              value={null}
              onChange={(id) => id && chooseCustomer({ _id: id })}
              nothingFoundMessage={
                customers.isFetching || !customersCurrent
                  ? 'Buscando…'
                  : customers.isError
                    ? 'No pudimos buscar clientes. Probá de nuevo.'
                    : 'No encontramos clientes con esa búsqueda'
              }
              error={errors.customerId}
            />
            <Group>
              <Button variant="light" onClick={() => setCreatingCustomer(true)}>
                Cliente nuevo
              </Button>
            </Group>
          </Stack>
        )}
      </FormSection>

      <form onSubmit={submit} noValidate aria-label="Nuevo pedido">
        <Stack gap="lg">
          <FormSection id="new-order-items" title="Productos">
            <Select
              ref={variantInput}
              label="Agregar producto"
              description="Escribí para buscar y apretá Enter para agregarlo."
              placeholder="Nombre, variante o SKU"
              searchable
              data={variantOptions}
              searchValue={variantSearch}
              onSearchChange={setVariantSearch}
              filter={({ options: all }) => all}
              value={null}
              onChange={addVariant}
              onKeyDown={(event) => {
                // Enter with no option highlighted adds the first result of this search (the
                // results may arrive after the last keystroke, when nothing is highlighted).
                if (event.key !== 'Enter') return
                const listbox = document.getElementById(
                  event.currentTarget.getAttribute('aria-controls') ?? '',
                )
                if (listbox?.querySelector('[data-combobox-selected]')) return
                const first = variantOptions.find((o) => !o.disabled)
                if (!first) return
                event.preventDefault()
                addVariant(first.value)
              }}
              selectFirstOptionOnChange
              nothingFoundMessage={
                variants.isFetching || !variantsCurrent
                  ? 'Buscando…'
                  : variants.isError
                    ? 'No pudimos buscar productos. Probá de nuevo.'
                    : 'No encontramos productos activos con esa búsqueda'
              }
              error={errors.items}
            />
            {lineErrors.map(([k, message]) => (
              <Text key={k} c="red" size="sm" role="alert">
                {message}
              </Text>
            ))}
            {draft.lines.length === 0 ? (
              <Text c="dimmed" size="sm">
                Todavía no agregaste productos.
              </Text>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {draft.lines.map((line, index) => {
                  const name = lineName(line)
                  const priced = quote.data?.lines.find((l) => l.variantId === line.variantId)
                  const unit = priced?.unitPrice ?? line.price
                  const stock = priced ? priced.stock : line.stock
                  return (
                    <li key={line.variantId}>
                      <Group gap="sm" wrap="wrap" align="flex-start">
                        <Stack gap={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
                          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                            {name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatMoney(unit)} c/u
                            {stock !== null ? ` · ${stock} en stock` : ''}
                          </Text>
                        </Stack>
                        <NumberInput
                          ref={(el) => {
                            quantityInputs.current[index] = el
                          }}
                          aria-label={`Cantidad de ${name}`}
                          w={96}
                          min={1}
                          max={stock ?? undefined}
                          allowDecimal={false}
                          allowNegative={false}
                          value={line.quantity}
                          onChange={(v) => setQuantity(index, typeof v === 'number' ? v : 0)}
                          error={errors[`items.${index}.quantity`]}
                        />
                        <Text w={96} ta="right" fw={500} pt={6}>
                          {formatMoney(unit * (line.quantity || 0))}
                        </Text>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={4}
                          aria-label={`Quitar ${name}`}
                          onClick={() => removeLine(index)}
                        >
                          ×
                        </ActionIcon>
                      </Group>
                    </li>
                  )
                })}
              </Stack>
            )}
          </FormSection>

          <FormSection id="new-order-delivery" title="Entrega">
            {quote.isError ? (
              <Alert color="red" title="No pudimos calcular las opciones">
                <Button size="xs" variant="light" onClick={() => void quote.refetch()}>
                  Reintentar
                </Button>
              </Alert>
            ) : quote.isPending ? (
              <Text c="dimmed" size="sm">
                Cargando las formas de entrega…
              </Text>
            ) : options.length === 0 ? (
              <Text c="dimmed" size="sm">
                Tu tienda no tiene formas de entrega activas: configuralas en Ajustes.
              </Text>
            ) : (
              <Radio.Group
                label="¿Cómo lo recibe?"
                value={draft.deliveryType ?? ''}
                onChange={(v) =>
                  update({ deliveryType: v as NewOrderDraft['deliveryType'] }, [
                    'deliveryType',
                    'shippingAddressId',
                  ])
                }
                error={errors.deliveryType}
              >
                <Stack gap="xs" mt="xs">
                  {options.map((o) => (
                    <Radio
                      key={o.type}
                      value={o.type}
                      label={`${o.label}${o.type === 'pickup' ? '' : o.available ? ` · ${o.fee ? formatMoney(o.fee) : 'gratis'}` : ''}`}
                      description={
                        o.type !== 'pickup' && !o.available && shippingAddressId ? o.reason : null
                      }
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {needsAddress ? (
              !draft.customerId ? (
                <Text c="dimmed" size="sm">
                  Elegí el cliente para ver sus direcciones.
                </Text>
              ) : (
                <Stack gap="xs">
                  {addresses.length ? (
                    <Radio.Group
                      label="Dirección de entrega"
                      value={shippingAddressId ?? ''}
                      onChange={(v) => update({ shippingAddressId: v }, ['shippingAddressId'])}
                      error={errors.shippingAddressId}
                    >
                      <Stack gap="xs" mt="xs">
                        {addresses.map((a) => (
                          <Radio key={a._id} value={a._id} label={a.formattedAddress} />
                        ))}
                      </Stack>
                    </Radio.Group>
                  ) : (
                    <Text size="sm" c={errors.shippingAddressId ? 'red' : 'dimmed'}>
                      {errors.shippingAddressId ?? 'Este cliente no tiene direcciones todavía.'}
                    </Text>
                  )}
                  {addingAddress ? (
                    <AddressQuickForm
                      customerId={draft.customerId}
                      onAdded={(id) => {
                        update({ shippingAddressId: id }, ['shippingAddressId'])
                        setAddingAddress(false)
                      }}
                      onCancel={() => setAddingAddress(false)}
                    />
                  ) : (
                    <Group>
                      <Button variant="light" size="xs" onClick={() => setAddingAddress(true)}>
                        Agregar dirección
                      </Button>
                    </Group>
                  )}
                </Stack>
              )
            ) : null}
          </FormSection>

          <FormSection id="new-order-payment" title="Pago">
            {quote.data && quote.data.paymentMethods.length === 0 ? (
              <Text c="dimmed" size="sm">
                Tu tienda no tiene medios de pago activos: configuralos en Ajustes.
              </Text>
            ) : (
              <Radio.Group
                label="Medio de pago"
                value={draft.paymentMethod ?? ''}
                onChange={(v) =>
                  update({ paymentMethod: v as NewOrderDraft['paymentMethod'] }, ['paymentMethod'])
                }
                error={errors.paymentMethod}
              >
                <Group gap="md" mt="xs">
                  {(quote.data?.paymentMethods ?? []).map((m) => (
                    <Radio key={m.method} value={m.method} label={m.label} />
                  ))}
                </Group>
              </Radio.Group>
            )}
            <Switch
              label="Ya está pagado"
              description="Lo registramos como cobrado en Pagos."
              checked={draft.paid}
              onChange={(e) => update({ paid: e.currentTarget.checked }, ['paid', 'paymentMethod'])}
              error={errors.paid}
            />
            <Textarea
              label="Nota (opcional)"
              description="La ve el cliente en el detalle del pedido."
              autosize
              minRows={2}
              maxLength={1000}
              value={draft.note}
              onChange={(e) => update({ note: e.currentTarget.value }, ['note'])}
              error={errors.note}
            />
          </FormSection>

          <Paper withBorder p="md" radius="md" component="section" aria-label="Total del pedido">
            <Stack gap={4}>
              <Group justify="space-between">
                <Text>Subtotal</Text>
                <Text>{formatMoney(quote.data?.subtotal ?? 0)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Envío</Text>
                <Text>
                  {draft.deliveryType === 'pickup' || !chosenOption
                    ? formatMoney(0)
                    : chosenOption.available
                      ? formatMoney(quote.data?.deliveryFee ?? 0)
                      : '—'}
                </Text>
              </Group>
              {quote.data?.taxes ? (
                <Group justify="space-between">
                  <Text>Impuestos</Text>
                  <Text>{formatMoney(quote.data.taxes)}</Text>
                </Group>
              ) : null}
              <Divider my={4} />
              <Group justify="space-between">
                <Text fw={700}>Total</Text>
                <Text fw={700} data-testid="new-order-total">
                  {formatMoney(quote.data?.total ?? 0)}
                </Text>
              </Group>
              {errors._ ? (
                <Alert color="red" mt="sm" role="alert">
                  {errors._}
                </Alert>
              ) : null}
              <Button type="submit" mt="sm" size="md" loading={create.isPending}>
                Crear pedido
              </Button>
            </Stack>
          </Paper>
        </Stack>
      </form>
    </Stack>
  )
}

/** One titled block of the form (customer, products, delivery, payment), named by its heading. */
function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}
