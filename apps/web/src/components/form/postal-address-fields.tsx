import { PROVINCES } from '@barrio/contracts/provinces'
import { Grid, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'

import type { AppFormApi } from '@/components/form/use-app-form'

/** The lines of the contract's postal address (`postalAddressInputSchema`, contracts/common.ts). */
export type PostalAddressLine =
  'street' | 'number' | 'floorApartment' | 'neighbourhood' | 'city' | 'provinceCode' | 'postalCode'

/** The optional lines a form may show; street, number, locality and province always show. */
export type OptionalPostalAddressLine = 'floorApartment' | 'neighbourhood' | 'postalCode'

/** The lines as typed: '' for an empty line, and for no province yet. */
export type PostalAddressValues = Partial<Record<PostalAddressLine, string>>

export const POSTAL_ADDRESS_LABELS = {
  street: 'Calle',
  number: 'Altura',
  floorApartment: 'Piso / depto',
  neighbourhood: 'Barrio',
  /** With a "Barrio" line of its own, the locality is only that. */
  city: 'Localidad',
  cityOrNeighbourhood: 'Localidad o barrio',
  provinceCode: 'Provincia',
  postalCode: 'Código postal',
} as const

export const PROVINCE_PLACEHOLDER = 'Elegí la provincia'

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

export type PostalAddressFieldsProps = {
  values: PostalAddressValues
  onChange: (line: PostalAddressLine, value: string) => void
  /** The message under a line (each form knows where its errors sit, e.g. `address.street`). */
  errorOf: (line: PostalAddressLine) => string | undefined
  /** Optional lines to show, in this order after street and number. */
  lines?: readonly OptionalPostalAddressLine[]
  /** False for an address that may be left empty as a whole (no asterisks). */
  required?: boolean
  /** False when the seller types somebody else's address: the browser must not offer theirs. */
  autofill?: boolean
  /** Prefix of the inputs' names, e.g. 'address.' (names serve focus and autofill). */
  namePrefix?: string
  /** Focus the street on mount (a dialog that opens on this address). */
  autoFocus?: boolean
}

/**
 * The one set of postal address inputs (customer addresses, the seller's customers, stores, the
 * merchant application, counter orders): street and number, then the optional lines asked for,
 * locality and a searchable province, with the contract's lengths and one label per line.
 */
export function PostalAddressFields({
  values,
  onChange,
  errorOf,
  lines = ['floorApartment', 'postalCode'],
  required = true,
  autofill = true,
  namePrefix = '',
  autoFocus = false,
}: PostalAddressFieldsProps) {
  const auto = (token: string) => (autofill ? token : 'off')
  const text = (line: PostalAddressLine) => ({
    name: `${namePrefix}${line}`,
    value: values[line] ?? '',
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange(line, event.currentTarget.value),
    error: errorOf(line),
  })
  const shows = (line: OptionalPostalAddressLine) => lines.includes(line)

  return (
    <Stack gap="sm">
      <Grid gap="sm">
        <Grid.Col span={8}>
          <TextInput
            label={POSTAL_ADDRESS_LABELS.street}
            required={required}
            autoComplete={auto('address-line1')}
            maxLength={120}
            autoFocus={autoFocus}
            {...text('street')}
          />
        </Grid.Col>
        <Grid.Col span={4}>
          <TextInput
            label={POSTAL_ADDRESS_LABELS.number}
            required={required}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            {...text('number')}
          />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {shows('floorApartment') ? (
          <TextInput
            label={POSTAL_ADDRESS_LABELS.floorApartment}
            placeholder="Ej.: 3° B"
            autoComplete={auto('address-line2')}
            maxLength={40}
            {...text('floorApartment')}
          />
        ) : null}
        {shows('neighbourhood') ? (
          <TextInput
            label={POSTAL_ADDRESS_LABELS.neighbourhood}
            autoComplete={auto('address-level3')}
            maxLength={120}
            {...text('neighbourhood')}
          />
        ) : null}
        <TextInput
          label={
            shows('neighbourhood')
              ? POSTAL_ADDRESS_LABELS.city
              : POSTAL_ADDRESS_LABELS.cityOrNeighbourhood
          }
          required={required}
          autoComplete={auto('address-level2')}
          maxLength={120}
          {...text('city')}
        />
        <Select
          label={POSTAL_ADDRESS_LABELS.provinceCode}
          name={`${namePrefix}provinceCode`}
          required={required}
          searchable
          clearable={!required}
          allowDeselect={!required}
          placeholder={PROVINCE_PLACEHOLDER}
          nothingFoundMessage="No hay provincias con ese nombre"
          data={PROVINCE_OPTIONS}
          value={values.provinceCode || null}
          onChange={(code) => onChange('provinceCode', code ?? '')}
          error={errorOf('provinceCode')}
        />
        {shows('postalCode') ? (
          <TextInput
            label={POSTAL_ADDRESS_LABELS.postalCode}
            placeholder="Ej.: C1414ABC o 1414"
            autoComplete={auto('postal-code')}
            maxLength={8}
            {...text('postalCode')}
          />
        ) : null}
      </SimpleGrid>
    </Stack>
  )
}

/**
 * The fields' values, changes, errors and names bound to the address at `path` of a kit form
 * (`'address'`; `''` when the lines sit at the top of the values, as on a customer address).
 */
export function bindPostalAddress<Values extends object>(
  appForm: AppFormApi<Values>,
  path: string,
): Pick<PostalAddressFieldsProps, 'values' | 'onChange' | 'errorOf' | 'namePrefix'> {
  const prefix = path === '' ? '' : `${path}.`
  const values = (
    path === ''
      ? appForm.form.values
      : path
          .split('.')
          .reduce<unknown>(
            (node, key) => (node as Record<string, unknown> | undefined)?.[key],
            appForm.form.values,
          )
  ) as PostalAddressValues
  // Paths are checked by the caller's values type; the kit takes them as plain strings.
  const setFieldValue = appForm.form.setFieldValue as (path: string, value: string) => void
  return {
    values,
    onChange: (line, value) => setFieldValue(`${prefix}${line}`, value),
    errorOf: (line) => appForm.errorOf(`${prefix}${line}`),
    namePrefix: prefix,
  }
}
