import { PROVINCES } from '@barrio/contracts/provinces'
import { Grid, Select, TextInput } from '@mantine/core'

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

export type AddressFieldValues = {
  street: string
  number: string
  floorApartment: string
  city: string
  provinceCode: string
}
type AddressField = keyof AddressFieldValues

export const EMPTY_ADDRESS_FIELDS: AddressFieldValues = {
  street: '',
  number: '',
  floorApartment: '',
  city: '',
  provinceCode: 'C',
}

/**
 * Street, number, floor, locality and province of a customer's delivery address: the one grid the
 * quick customer form and the "Nueva dirección" form share. `errorOf` maps a field to its message
 * (each form names the server's field paths its own way).
 */
export function AddressFields({
  values,
  onChange,
  errorOf,
  autoFocus = false,
}: {
  values: AddressFieldValues
  onChange: (field: AddressField, value: string) => void
  errorOf: (field: AddressField) => string | undefined
  autoFocus?: boolean
}) {
  const text = (field: AddressField) => ({
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => onChange(field, e.currentTarget.value),
    error: errorOf(field),
  })
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 8, xs: 5 }}>
        <TextInput label="Calle" autoFocus={autoFocus} maxLength={120} {...text('street')} />
      </Grid.Col>
      <Grid.Col span={{ base: 4, xs: 2 }}>
        <TextInput label="Altura" maxLength={20} {...text('number')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <TextInput label="Piso y depto. (opcional)" maxLength={40} {...text('floorApartment')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <TextInput label="Localidad o barrio" maxLength={120} {...text('city')} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 6 }}>
        <Select
          label="Provincia"
          data={PROVINCE_OPTIONS}
          searchable
          allowDeselect={false}
          value={values.provinceCode}
          onChange={(v) => onChange('provinceCode', v ?? 'C')}
          error={errorOf('provinceCode')}
        />
      </Grid.Col>
    </Grid>
  )
}
