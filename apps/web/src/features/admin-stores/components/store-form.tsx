import type { AdminStore } from '@barrio/contracts/admin-stores'
import { DELIVERY_TYPES } from '@barrio/contracts/enums'
import type { PlaceResult } from '@barrio/contracts/geo'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { PROVINCE_NAMES } from '@barrio/contracts/provinces'
import {
  Alert,
  Checkbox,
  Fieldset,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'

import { AppForm } from '@/components/form/app-form'
import { bindPostalAddress, PostalAddressFields } from '@/components/form/postal-address-fields'
import { useAppForm } from '@/components/form/use-app-form'
import { LocationPinField } from '@/components/maps/location-pin-field'
import { PhoneInput } from '@/components/phone-input/phone-input'
import { toNumber } from '@/components/admin/numbers'
import { placeAddressParts } from '@/lib/maps/place-address'
import { ClosuresEditor } from '@/features/admin-stores/components/closures-editor'
import { OpeningHoursEditor } from '@/features/admin-stores/components/opening-hours-editor'
import { useHandleFromName } from '@/components/form/use-handle-from-name'
import { useSaveAdminStore } from '@/api/admin/stores/save-store'
import {
  addressQuery,
  emptyStoreValues,
  STORE_CATEGORIES,
  storeToValues,
  toFormErrorKey,
  validateStoreValues,
  withServerManagedFields,
} from '@/features/admin-stores/utils/store-form'

export const STORE_FORM_LABELS = {
  name: 'Nombre del comercio',
  handle: 'Identificador (URL)',
  description: 'Descripción',
  category: 'Rubro',
  phone: 'Teléfono',
  whatsapp: 'WhatsApp del comercio',
  email: 'Correo electrónico',
  deliveryTypes: 'Formas de entrega',
} as const

export type StoreFormProps = {
  /** The saved store; absent when creating one. */
  store?: AdminStore
  saveLabel: string
  successMessage: (store: AdminStore) => string
  onSaved?: (store: AdminStore) => void
  /**
   * Why the role may only read the store (staff have no `settings`, decision 029): the fields
   * are shown disabled under an alert saying so, with nothing to save.
   */
  readOnlyReason?: string | undefined
}

/** Create or edit a store: data, address, map point, opening hours and delivery types. */
export function StoreForm({
  store,
  saveLabel,
  successMessage,
  onSaved,
  readOnlyReason,
}: StoreFormProps) {
  const appForm = useAppForm({
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
  const { form } = appForm
  const handleFromName = useHandleFromName(form, 'name', Boolean(store))
  const values = form.values

  /** A chosen place fills what it knows of the address and moves the pin (to be confirmed). */
  function choosePlace(place: PlaceResult) {
    const parts = placeAddressParts(place)
    form.setValues((current) => ({
      address: {
        ...current.address!,
        street: parts.street || current.address!.street,
        number: parts.number || current.address!.number,
        // Barrio and city each in their own line ("Pichincha", "Rosario").
        neighbourhood: parts.neighbourhood || current.address!.neighbourhood,
        city: parts.town || current.address!.city,
        provinceCode: parts.provinceCode || current.address!.provinceCode,
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
    if (readOnlyReason) return
    form.setValues({ latitude: lat, longitude: lng })
    form.clearFieldError('latitude')
  }

  const latitude = toNumber(values.latitude)
  const longitude = toNumber(values.longitude)

  const fields = (
    <Stack gap="lg">
      <Fieldset legend="Datos del comercio">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={STORE_FORM_LABELS.name}
              required
              maxLength={120}
              {...handleFromName.nameInputProps}
            />
            <TextInput
              label={STORE_FORM_LABELS.handle}
              required
              description={`Tu tienda se ve en /shops/${values.handle || 'mi-tienda'}`}
              maxLength={60}
              {...handleFromName.handleInputProps}
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
              error={appForm.errorOf('phone')}
            />
            <TextInput
              label={STORE_FORM_LABELS.email}
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextInput
              label={STORE_FORM_LABELS.whatsapp}
              description="Tus clientes te escriben desde la tienda con “Consultá por WhatsApp”."
              placeholder="341 555-0101"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={40}
              {...form.getInputProps('whatsapp')}
              error={appForm.errorOf('whatsapp')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend="Dirección y ubicación">
        <Stack gap="sm">
          <LocationPinField
            initialQuery={addressQuery(
              values,
              values.address.provinceCode ? PROVINCE_NAMES[values.address.provinceCode] : undefined,
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
            error={appForm.errorOf('latitude')}
            confirmError={appForm.errorOf('pinConfirmed')}
          />
          <PostalAddressFields
            {...bindPostalAddress(appForm, 'address')}
            lines={['neighbourhood', 'postalCode']}
          />
        </Stack>
      </Fieldset>

      <Fieldset legend="Horarios de atención">
        <OpeningHoursEditor
          value={values.openingHours}
          onChange={(openingHours) => form.setFieldValue('openingHours', openingHours)}
          errors={appForm.fieldErrors}
        />
      </Fieldset>

      <Fieldset legend="Cierres y feriados">
        <ClosuresEditor
          value={values.closures}
          onChange={(closures) => form.setFieldValue('closures', closures)}
          openOnHolidays={values.openOnHolidays}
          onOpenOnHolidaysChange={(open) => form.setFieldValue('openOnHolidays', open)}
          errors={appForm.fieldErrors}
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
  )

  if (readOnlyReason)
    return (
      <Stack gap="md" component="section" aria-label={`Datos de ${store?.name ?? 'la tienda'}`}>
        <Alert color="yellow" title="Solo lectura" role="status">
          {readOnlyReason}
        </Alert>
        {/* A disabled fieldset disables every control inside it, the map's buttons too. */}
        <fieldset disabled style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          {fields}
        </fieldset>
      </Stack>
    )

  return (
    <AppForm
      form={appForm}
      label={store ? `Datos de ${store.name}` : 'Nueva tienda'}
      saveLabel={saveLabel}
      cleanText={store ? undefined : ''}
    >
      {fields}
    </AppForm>
  )
}
