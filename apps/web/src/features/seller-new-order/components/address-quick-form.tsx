import { PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'
import { Button, Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useState, type KeyboardEvent } from 'react'

import type { FieldErrors } from '@/components/admin/form-errors'
import { useAddCustomerAddress } from '@/features/seller-new-order/api/new-order-api'
import { serverFieldErrors } from '@/features/seller-new-order/utils/new-order'

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

/**
 * One more delivery address for the chosen customer, inside the order form. Not a <form> (it
 * lives inside the order's): Enter in a field saves the address, never the order.
 */
export function AddressQuickForm({
  customerId,
  onAdded,
  onCancel,
}: {
  customerId: string
  onAdded: (addressId: string) => void
  onCancel: () => void
}) {
  const [values, setValues] = useState({
    street: '',
    number: '',
    floorApartment: '',
    city: '',
    provinceCode: 'C',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const add = useAddCustomerAddress(customerId)
  const set = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }))
    setErrors(({ [name]: _gone, ...rest }) => rest)
  }

  function save() {
    const found: FieldErrors = {}
    if (!values.street.trim()) found.street = 'Ingresá la calle'
    if (!values.number.trim()) found.number = 'Ingresá la altura'
    if (!values.city.trim()) found.city = 'Ingresá la localidad o barrio'
    setErrors(found)
    if (Object.keys(found).length) return
    add.mutate(
      {
        street: values.street,
        number: values.number,
        floorApartment: values.floorApartment || null,
        city: values.city,
        provinceCode: values.provinceCode as ProvinceCode,
      },
      {
        onSuccess: (address) => onAdded(address._id),
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    )
  }
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    save()
  }

  return (
    <Stack gap="sm" role="group" aria-label="Nueva dirección" onKeyDown={onEnter}>
      <Grid gap="sm">
        <Grid.Col span={{ base: 8, xs: 5 }}>
          <TextInput
            label="Calle"
            autoFocus
            maxLength={120}
            value={values.street}
            onChange={(e) => set('street')(e.currentTarget.value)}
            error={errors.street}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, xs: 2 }}>
          <TextInput
            label="Altura"
            maxLength={20}
            value={values.number}
            onChange={(e) => set('number')(e.currentTarget.value)}
            error={errors.number}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 5 }}>
          <TextInput
            label="Piso y depto. (opcional)"
            maxLength={40}
            value={values.floorApartment}
            onChange={(e) => set('floorApartment')(e.currentTarget.value)}
            error={errors.floorApartment}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <TextInput
            label="Localidad o barrio"
            maxLength={120}
            value={values.city}
            onChange={(e) => set('city')(e.currentTarget.value)}
            error={errors.city}
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
            error={errors.provinceCode}
          />
        </Grid.Col>
      </Grid>
      {errors._ ? (
        <Text c="red" size="sm" role="alert">
          {errors._}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={save} loading={add.isPending}>
          Guardar dirección
        </Button>
      </Group>
    </Stack>
  )
}
