import type { AdminStore, AdminStoreInput } from '@barrio/contracts/admin-stores'
import { DELIVERY_TYPES } from '@barrio/contracts/enums'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { PROVINCE_NAMES, PROVINCES, type ProvinceCode } from '@barrio/contracts/provinces'
import { slugify } from '@barrio/contracts/slug'
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { IconMapPinSearch } from '@tabler/icons-react'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'

import type { FieldErrors } from '@/components/admin/form-errors'
import { useUnsavedChanges } from '@/components/admin/use-unsaved-changes'
import { PhoneInput } from '@/components/phone-input/phone-input'
import { findPlace, NO_PLACE_FOUND_MESSAGE } from '@/features/seller-stores/api/find-places'
import { OpeningHoursEditor } from '@/features/seller-stores/components/opening-hours-editor'
import {
  addressQuery,
  emptyStoreValues,
  normaliseErrors,
  STORE_CATEGORIES,
  storeToValues,
  validateStoreValues,
  type StoreFormValues,
} from '@/features/seller-stores/utils/store-form'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'

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
  latitude: 'Latitud',
  longitude: 'Longitud',
  geocode: 'Buscar dirección',
  deliveryTypes: 'Formas de entrega',
} as const

export type StoreFormProps = {
  store?: AdminStore
  submitLabel: string
  save: (input: AdminStoreInput) => Promise<AdminStore>
  onSaved?: (store: AdminStore) => void
  /** Rendered next to the submit button (e.g. the delete button). */
  secondaryActions?: ReactNode
}

const PROVINCE_OPTIONS = PROVINCES.map((p) => ({ value: p.code, label: p.name }))

/** Create or edit a store: data, address, map point, opening hours and delivery types. */
export function StoreForm({ store, submitLabel, save, onSaved, secondaryActions }: StoreFormProps) {
  const [values, setValues] = useState<StoreFormValues>(() =>
    store ? storeToValues(store) : emptyStoreValues(),
  )
  const [snapshot, setSnapshot] = useState(() => JSON.stringify(values))
  const [handleTouched, setHandleTouched] = useState(Boolean(store))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [geo, setGeo] = useState<{ loading: boolean; found?: string; error?: string }>({
    loading: false,
  })
  const formRef = useRef<HTMLFormElement>(null)

  const isDirty = JSON.stringify(values) !== snapshot
  const allowNavigation = useUnsavedChanges(isDirty && !submitting)

  const set = <K extends keyof StoreFormValues>(key: K, value: StoreFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }))
  const setAddress = <K extends keyof StoreFormValues['address']>(
    key: K,
    value: StoreFormValues['address'][K],
  ) => setValues((current) => ({ ...current, address: { ...current.address, [key]: value } }))

  function focusFirstError() {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
    })
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setFormError(null)
    const result = validateStoreValues(values)
    if (!result.success) {
      setErrors(result.errors)
      setFormError('Revisá los campos marcados.')
      focusFirstError()
      return
    }
    setErrors({})
    setSubmitting(true)
    try {
      const saved = await save(result.data)
      setSnapshot(JSON.stringify(values))
      allowNavigation()
      onSaved?.(saved)
    } catch (error) {
      setErrors(normaliseErrors(getFieldErrors(error)))
      setFormError(getErrorMessage(error))
      focusFirstError()
    } finally {
      setSubmitting(false)
    }
  }

  async function geocode() {
    const query = addressQuery(
      values,
      values.address.province ? PROVINCE_NAMES[values.address.province] : undefined,
    )
    setGeo({ loading: true })
    try {
      const place = await findPlace(query)
      const { lat, lng } = place.geometry.location
      setValues((current) => ({
        ...current,
        latitude: Number(lat.toFixed(6)),
        longitude: Number(lng.toFixed(6)),
      }))
      setErrors(({ latitude: _lat, longitude: _lng, ...rest }) => rest)
      setGeo({ loading: false, found: place.formatted_address })
    } catch {
      setGeo({ loading: false, error: NO_PLACE_FOUND_MESSAGE })
    }
  }

  const canGeocode = values.address.street.trim() !== '' || values.address.city.trim() !== ''

  return (
    <form ref={formRef} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="lg">
        <Fieldset legend="Datos del comercio">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={STORE_FORM_LABELS.name}
                required
                value={values.name}
                error={errors.name}
                maxLength={120}
                onChange={(event) => {
                  const name = event.currentTarget.value
                  setValues((current) => ({
                    ...current,
                    name,
                    handle: handleTouched ? current.handle : slugify(name),
                  }))
                }}
              />
              <TextInput
                label={STORE_FORM_LABELS.handle}
                required
                description={`Tu tienda se ve en /shops/${values.handle || 'mi-tienda'}`}
                value={values.handle}
                error={errors.handle}
                maxLength={60}
                onChange={(event) => {
                  setHandleTouched(true)
                  set('handle', event.currentTarget.value)
                }}
                onBlur={() => set('handle', slugify(values.handle))}
              />
            </SimpleGrid>
            <Select
              label={STORE_FORM_LABELS.category}
              data={
                STORE_CATEGORIES.some((c) => c.value === values.category)
                  ? STORE_CATEGORIES
                  : [...STORE_CATEGORIES, { value: values.category, label: values.category }]
              }
              value={values.category}
              onChange={(value) => set('category', value ?? 'almacen')}
              allowDeselect={false}
              error={errors.category}
            />
            <Textarea
              label={STORE_FORM_LABELS.description}
              autosize
              minRows={3}
              maxLength={2000}
              value={values.description}
              error={errors.description}
              onChange={(event) => set('description', event.currentTarget.value)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PhoneInput
                label={STORE_FORM_LABELS.phone}
                value={values.phone}
                onChange={(phone) => set('phone', phone)}
                error={errors.phone}
              />
              <TextInput
                label={STORE_FORM_LABELS.email}
                type="email"
                autoComplete="email"
                value={values.email}
                error={errors.email}
                onChange={(event) => set('email', event.currentTarget.value)}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Dirección">
          <Stack gap="sm">
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 8 }}>
                <TextInput
                  label={STORE_FORM_LABELS.street}
                  required
                  autoComplete="address-line1"
                  value={values.address.street}
                  error={errors['address.street']}
                  onChange={(event) => setAddress('street', event.currentTarget.value)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 4 }}>
                <TextInput
                  label={STORE_FORM_LABELS.number}
                  required
                  inputMode="numeric"
                  value={values.address.number}
                  error={errors['address.number']}
                  onChange={(event) => setAddress('number', event.currentTarget.value)}
                />
              </Grid.Col>
            </Grid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={STORE_FORM_LABELS.neighbourhood}
                value={values.address.neighbourhood}
                error={errors['address.neighbourhood']}
                onChange={(event) => setAddress('neighbourhood', event.currentTarget.value)}
              />
              <TextInput
                label={STORE_FORM_LABELS.city}
                required
                autoComplete="address-level2"
                value={values.address.city}
                error={errors['address.city']}
                onChange={(event) => setAddress('city', event.currentTarget.value)}
              />
              <Select
                label={STORE_FORM_LABELS.province}
                required
                searchable
                placeholder="Elegí la provincia"
                nothingFoundMessage="No hay provincias con ese nombre"
                data={PROVINCE_OPTIONS}
                value={values.address.province}
                error={errors['address.province']}
                onChange={(value) => setAddress('province', (value as ProvinceCode | null) ?? null)}
              />
              <TextInput
                label={STORE_FORM_LABELS.postalCode}
                autoComplete="postal-code"
                value={values.address.postalCode}
                error={errors['address.postalCode']}
                onChange={(event) => setAddress('postalCode', event.currentTarget.value)}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Ubicación en el mapa">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Los clientes ven tu tienda según la distancia a este punto. Buscala a partir de la
              dirección o pegá las coordenadas.
            </Text>
            <Group gap="sm" align="center">
              <Button
                variant="light"
                leftSection={<IconMapPinSearch size={16} aria-hidden />}
                onClick={() => void geocode()}
                loading={geo.loading}
                disabled={!canGeocode}
              >
                {STORE_FORM_LABELS.geocode}
              </Button>
              <div aria-live="polite">
                {geo.found ? (
                  <Text size="sm" c="green.8">
                    Ubicación encontrada: {geo.found}
                  </Text>
                ) : null}
                {geo.error ? (
                  <Text size="sm" c="red" role="alert">
                    {geo.error}
                  </Text>
                ) : null}
              </div>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NumberInput
                label={STORE_FORM_LABELS.latitude}
                required
                decimalScale={7}
                min={-90}
                max={90}
                hideControls
                placeholder="-34.603722"
                value={values.latitude}
                error={errors.latitude}
                onChange={(value) => set('latitude', value)}
              />
              <NumberInput
                label={STORE_FORM_LABELS.longitude}
                required
                decimalScale={7}
                min={-180}
                max={180}
                hideControls
                placeholder="-58.381592"
                value={values.longitude}
                error={errors.longitude}
                onChange={(value) => set('longitude', value)}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Horarios de atención">
          <OpeningHoursEditor
            value={values.openingHours}
            onChange={(openingHours) => set('openingHours', openingHours)}
            errors={errors}
          />
        </Fieldset>

        <Fieldset legend="Entregas">
          <Checkbox.Group
            label={STORE_FORM_LABELS.deliveryTypes}
            value={values.deliveryTypes}
            onChange={(value) =>
              set(
                'deliveryTypes',
                DELIVERY_TYPES.filter((type) => value.includes(type)),
              )
            }
            error={errors.deliveryTypes}
          >
            <Stack gap="xs" mt="xs">
              {DELIVERY_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={DELIVERY_TYPE_LABELS[type]} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Fieldset>

        {formError ? (
          <Alert color="red" role="alert" title="No se pudo guardar">
            {formError}
          </Alert>
        ) : null}

        <Group justify="space-between" gap="sm">
          <Group gap="sm">{secondaryActions}</Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
