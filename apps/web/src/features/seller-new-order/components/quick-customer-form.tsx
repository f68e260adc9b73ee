import type { AdminCustomerDetail, AdminCustomerInput } from '@barrio/contracts/admin-customers'
import { PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'
import { Button, Fieldset, Grid, Group, Select, Stack, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'

import type { FieldErrors } from '@/components/admin/form-errors'
import {
  PhoneInput,
  isValidPhone,
  INVALID_PHONE_MESSAGE,
} from '@/components/phone-input/phone-input'
import { useCreateCustomer } from '@/features/seller-new-order/api/new-order-api'
import { serverFieldErrors } from '@/features/seller-new-order/utils/new-order'

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

type Values = {
  firstName: string
  lastName: string
  phone: string
  email: string
  street: string
  number: string
  floorApartment: string
  city: string
  provinceCode: string
}
const EMPTY: Values = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  street: '',
  number: '',
  floorApartment: '',
  city: '',
  provinceCode: 'C',
}

/** What the form checks before asking the server (which checks it all again). */
function validate(v: Values): FieldErrors {
  const errors: FieldErrors = {}
  if (!v.firstName.trim()) errors.firstName = 'Ingresá el nombre'
  if (!v.lastName.trim()) errors.lastName = 'Ingresá el apellido'
  if (!v.phone) errors.phone = 'Ingresá el teléfono'
  else if (!isValidPhone(v.phone)) errors.phone = INVALID_PHONE_MESSAGE
  const anyAddress = v.street.trim() || v.number.trim() || v.city.trim()
  if (anyAddress) {
    if (!v.street.trim()) errors['address.street'] = 'Ingresá la calle'
    if (!v.number.trim()) errors['address.number'] = 'Ingresá la altura'
    if (!v.city.trim()) errors['address.city'] = 'Ingresá la localidad o barrio'
  }
  return errors
}

function toInput(v: Values): AdminCustomerInput {
  const hasAddress = Boolean(v.street.trim() || v.number.trim() || v.city.trim())
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    phone: v.phone,
    email: v.email.trim() || null,
    address: hasAddress
      ? {
          street: v.street,
          number: v.number,
          floorApartment: v.floorApartment || null,
          city: v.city,
          provinceCode: v.provinceCode as ProvinceCode,
        }
      : null,
  }
}

/**
 * "Cliente nuevo" inside the order form: name, phone, optional e-mail and address. Its own
 * <form>, so Enter in any field creates the customer without submitting the order.
 */
export function QuickCustomerForm({
  onCreated,
  onCancel,
}: {
  onCreated: (customer: AdminCustomerDetail) => void
  onCancel: () => void
}) {
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const create = useCreateCustomer()
  const set = (name: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    setErrors(({ [name]: _gone, [`address.${name}`]: _alsoGone, ...rest }) => rest)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    event.stopPropagation()
    const found = validate(values)
    setErrors(found)
    if (Object.keys(found).length) return
    create.mutate(toInput(values), {
      onSuccess: onCreated,
      onError: (error) => setErrors(serverFieldErrors(error)),
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Cliente nuevo">
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label="Nombre"
              required
              data-autofocus
              autoFocus
              maxLength={80}
              autoComplete="off"
              value={values.firstName}
              onChange={(e) => set('firstName')(e.currentTarget.value)}
              error={errors.firstName}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label="Apellido"
              required
              maxLength={80}
              autoComplete="off"
              value={values.lastName}
              onChange={(e) => set('lastName')(e.currentTarget.value)}
              error={errors.lastName}
            />
          </Grid.Col>
        </Grid>
        <PhoneInput
          label="Teléfono"
          required
          name="quick-phone"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <TextInput
          label="Correo electrónico (opcional)"
          description="Si lo tenés, le mandamos el detalle del pedido."
          type="email"
          maxLength={254}
          autoComplete="off"
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={errors.email}
        />
        <Fieldset legend="Dirección de entrega (opcional)" variant="unstyled">
          <Grid gap="sm">
            <Grid.Col span={{ base: 8, xs: 5 }}>
              <TextInput
                label="Calle"
                maxLength={120}
                value={values.street}
                onChange={(e) => set('street')(e.currentTarget.value)}
                error={errors['address.street']}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, xs: 2 }}>
              <TextInput
                label="Altura"
                maxLength={20}
                value={values.number}
                onChange={(e) => set('number')(e.currentTarget.value)}
                error={errors['address.number']}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 5 }}>
              <TextInput
                label="Piso y depto. (opcional)"
                maxLength={40}
                value={values.floorApartment}
                onChange={(e) => set('floorApartment')(e.currentTarget.value)}
                error={errors['address.floorApartment']}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <TextInput
                label="Localidad o barrio"
                maxLength={120}
                value={values.city}
                onChange={(e) => set('city')(e.currentTarget.value)}
                error={errors['address.city']}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6 }}>
              <Select
                label="Provincia"
                data={PROVINCE_OPTIONS}
                searchable
                allowDeselect={false}
                value={values.provinceCode}
                onChange={(v) => set('provinceCode')(v ?? 'C')}
                error={errors['address.provinceCode']}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>
        {errors._ ? (
          <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
            {errors._}
          </div>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Crear cliente
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
