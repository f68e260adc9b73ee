import type { AdminStore } from '@barrio/contracts/admin-stores'
import { DELIVERY_TYPES } from '@barrio/contracts/enums'
import type { PlaceResult } from '@barrio/contracts/geo'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { PROVINCE_NAMES, PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'
import { slugify } from '@barrio/contracts/slug'
import {
  Checkbox,
  Fieldset,
  Grid,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'

import { SellerForm } from '@/components/admin/form/seller-form'
import { useSellerForm } from '@/components/admin/form/use-seller-form'
import { LocationPinField } from '@/components/maps/location-pin-field'
import { PhoneInput } from '@/components/phone-input/phone-input'
import { toNumber } from '@/components/admin/numbers'
import { placeAddressParts } from '@/lib/maps/place-address'
import { OpeningHoursEditor } from '@/features/seller-stores/components/opening-hours-editor'
import { useSaveAdminStore } from '@/features/seller-stores/api/save-admin-store'
import {
  addressQuery,
  emptyStoreValues,
  STORE_CATEGORIES,
  storeToValues,
  toFormErrorKey,
  validateStoreValues,
  withServerManagedFields,
} from '@/features/seller-stores/utils/store-form'

export const STORE_FORM_LABELS = {
  name: 'Nombre del comercio',
  handle: 'Identificador (URL)',
  description: 'Descripción',
  category: 'Rubro',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  street: 'Calle',
  number: 'Altura',
  neighbourhood: 'Barrio',
  city: 'Localidad',
  province: 'Provincia',
  postalCode: 'Código postal',
  deliveryTypes: 'Formas de entrega',
} as const

export type StoreFormProps = {
  /** The saved store; absent when creating one. */
  store?: AdminStore
  saveLabel: string
  successMessage: (store: AdminStore) => string
  onSaved?: (store: AdminStore) => void
}

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

/** Create or edit a store: data, address, map point, opening hours and delivery types. */
export function StoreForm({ store, saveLabel, successMessage, onSaved }: StoreFormProps) {
  const [handleTouched, setHandleTouched] = useState(Boolean(store))
  const seller = useSellerForm({
    initialValues: store ? storeToValues(store) : emptyStoreValues(),
    validate: validateStoreValues,
    mutation: useSaveAdminStore(),
    toVariables: (input) =>
      store ? { storeId: store._id, input: withServerManagedFields(input, store) } : { input },
    toValues: storeToValues,
    serverErrorPath: toFormErrorKey,
    successMessage,
    onSaved,
  })
  const { form } = seller
  const values = form.values

  /** A chosen place fills what it knows of the address and moves the pin (to be confirmed). */
  function choosePlace(place: PlaceResult) {
    const parts = placeAddressParts(place)
    form.setValues((current) => ({
      address: {
        ...current.address!,
        street: parts.street || current.address!.street,
        number: parts.number || current.address!.number,
        city: parts.city || current.address!.city,
        province: parts.provinceCode || current.address!.province,
        postalCode: parts.postalCode || current.address!.postalCode,
      },
      latitude: Number(parts.latitude.toFixed(6)),
      longitude: Number(parts.longitude.toFixed(6)),
      pinConfirmed: false,
    }))
    form.clearFieldError('latitude')
  }

  /** The seller dragged or nudged the pin: the new point is theirs, the address stays. */
  function movePin(lat: number, lng: number) {
    form.setValues({ latitude: lat, longitude: lng })
    form.clearFieldError('latitude')
  }

  const latitude = toNumber(values.latitude)
  const longitude = toNumber(values.longitude)

  return (
    <SellerForm
      seller={seller}
      label={store ? `Datos de ${store.name}` : 'Nueva tienda'}
      saveLabel={saveLabel}
      cleanText={store ? undefined : ''}
    >
      <Stack gap="lg">
        <Fieldset legend="Datos del comercio">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={STORE_FORM_LABELS.name}
                required
                maxLength={120}
                {...form.getInputProps('name')}
                onChange={(event) => {
                  const name = event.currentTarget.value
                  form.setValues((current) => ({
                    name,
                    handle: handleTouched ? current.handle : slugify(name),
                  }))
                }}
              />
              <TextInput
                label={STORE_FORM_LABELS.handle}
                required
                description={`Tu tienda se ve en /shops/${values.handle || 'mi-tienda'}`}
                maxLength={60}
                {...form.getInputProps('handle')}
                onChange={(event) => {
                  setHandleTouched(true)
                  form.setFieldValue('handle', event.currentTarget.value)
                }}
                onBlur={() => form.setFieldValue('handle', slugify(values.handle))}
              />
            </SimpleGrid>
            <Select
              label={STORE_FORM_LABELS.category}
              data={
                STORE_CATEGORIES.some((c) => c.value === values.category)
                  ? STORE_CATEGORIES
                  : [...STORE_CATEGORIES, { value: values.category, label: values.category }]
              }
              allowDeselect={false}
              {...form.getInputProps('category')}
              onChange={(value) => form.setFieldValue('category', value ?? 'almacen')}
            />
            <Textarea
              label={STORE_FORM_LABELS.description}
              autosize
              minRows={3}
              maxLength={2000}
              {...form.getInputProps('description')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PhoneInput
                label={STORE_FORM_LABELS.phone}
                value={values.phone}
                onChange={(phone) => form.setFieldValue('phone', phone)}
                error={seller.errorOf('phone')}
              />
              <TextInput
                label={STORE_FORM_LABELS.email}
                type="email"
                autoComplete="email"
                {...form.getInputProps('email')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Dirección y ubicación">
          <Stack gap="sm">
            <LocationPinField
              initialQuery={addressQuery(
                values,
                values.address.province ? PROVINCE_NAMES[values.address.province] : undefined,
              )}
              latitude={latitude ?? null}
              longitude={longitude ?? null}
              pinConfirmed={values.pinConfirmed}
              pending={Boolean(store?.locationPending)}
              onChoose={choosePlace}
              onMove={movePin}
              onConfirmChange={(confirmed) => {
                form.setFieldValue('pinConfirmed', confirmed)
                form.clearFieldError('pinConfirmed')
              }}
              error={seller.errorOf('latitude')}
              confirmError={seller.errorOf('pinConfirmed')}
            />
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 8 }}>
                <TextInput
                  label={STORE_FORM_LABELS.street}
                  required
                  autoComplete="address-line1"
                  {...form.getInputProps('address.street')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 4 }}>
                <TextInput
                  label={STORE_FORM_LABELS.number}
                  required
                  inputMode="numeric"
                  {...form.getInputProps('address.number')}
                />
              </Grid.Col>
            </Grid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={STORE_FORM_LABELS.neighbourhood}
                {...form.getInputProps('address.neighbourhood')}
              />
              <TextInput
                label={STORE_FORM_LABELS.city}
                required
                autoComplete="address-level2"
                {...form.getInputProps('address.city')}
              />
              <Select
                label={STORE_FORM_LABELS.province}
                required
                searchable
                placeholder="Elegí la provincia"
                nothingFoundMessage="No hay provincias con ese nombre"
                data={PROVINCE_OPTIONS}
                {...form.getInputProps('address.province')}
                onChange={(value) =>
                  form.setFieldValue('address.province', (value as ProvinceCode | null) ?? null)
                }
              />
              <TextInput
                label={STORE_FORM_LABELS.postalCode}
                autoComplete="postal-code"
                {...form.getInputProps('address.postalCode')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Horarios de atención">
          <OpeningHoursEditor
            value={values.openingHours}
            onChange={(openingHours) => form.setFieldValue('openingHours', openingHours)}
            errors={seller.fieldErrors}
          />
        </Fieldset>

        <Fieldset legend="Entregas">
          <Checkbox.Group
            label={STORE_FORM_LABELS.deliveryTypes}
            {...form.getInputProps('deliveryTypes')}
            onChange={(value) =>
              form.setFieldValue(
                'deliveryTypes',
                DELIVERY_TYPES.filter((type) => value.includes(type)),
              )
            }
          >
            <Stack gap="xs" mt="xs">
              {DELIVERY_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={DELIVERY_TYPE_LABELS[type]} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Fieldset>
      </Stack>
    </SellerForm>
  )
}
