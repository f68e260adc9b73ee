import type { AddressInput } from '@barrio/contracts/addresses'
import { PROVINCES } from '@barrio/contracts/provinces'
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Fieldset,
  Grid,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconCurrentLocation,
  IconMapPin,
} from '@tabler/icons-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'

import {
  ADDRESS_LABELS,
  validateAddressForm,
  type AddressFormErrors,
  type AddressFormValues,
} from '@/features/addresses/utils/address-form-values'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'

import classes from './addresses.module.css'

export const SAVE_ADDRESS_LABEL = 'Guardar dirección'

/** One nudge moves the point about 20 metres. */
const NUDGE_DEGREES = 0.0002

export type AddressFormProps = {
  initialValues: AddressFormValues
  onSubmit: (input: AddressInput) => Promise<unknown>
  submitLabel?: string
  /** A secondary action, e.g. back to the place search. */
  secondaryAction?: { label: string; onClick: () => void }
  /**
   * Focus the first field still to fill (street, then number) when the form appears: after a
   * place is chosen, focus would otherwise be lost with the search box that had it.
   */
  focusOnMount?: boolean
}

const FIELD_ORDER: (keyof AddressFormValues)[] = [
  'street',
  'number',
  'floorApartment',
  'city',
  'provinceCode',
  'postalCode',
  'notes',
  'label',
  'latitude',
  'longitude',
]

function labelChoice(label: string): (typeof ADDRESS_LABELS)[number] {
  if (label === 'Casa' || label === 'Trabajo') return label
  return 'Otro'
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6

/**
 * The address form (street, number, floor/apartment, city, province, postal code, notes for the
 * courier, label and the point). Validation uses the contract's schema; server field errors
 * appear under their fields and the server message above the buttons.
 */
export function AddressForm({
  initialValues,
  onSubmit,
  submitLabel = SAVE_ADDRESS_LABEL,
  secondaryAction,
  focusOnMount = false,
}: AddressFormProps) {
  const [values, setValues] = useState<AddressFormValues>(initialValues)
  const [errors, setErrors] = useState<AddressFormErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [locating, setLocating] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const [otherLabel, setOtherLabel] = useState(
    labelChoice(initialValues.label) === 'Otro' && initialValues.label !== 'Otro'
      ? initialValues.label
      : '',
  )

  const set = <K extends keyof AddressFormValues>(field: K, value: AddressFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
  }

  // When the form appears (each chosen place remounts it through its key, so this runs once).
  const { street: initialStreet, number: initialNumber } = initialValues
  useEffect(() => {
    if (!focusOnMount) return
    const next =
      initialStreet === '' ? 'street' : initialNumber === '' ? 'number' : 'floorApartment'
    formRef.current?.querySelector<HTMLElement>(`[name="${next}"]`)?.focus()
  }, [focusOnMount, initialStreet, initialNumber])

  const focusFirstError = (fieldErrors: AddressFormErrors) => {
    const first = FIELD_ORDER.find((field) => fieldErrors[field])
    if (!first) return
    formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  const nudge = (dLat: number, dLng: number) => {
    if (values.latitude === '' || values.longitude === '') return
    set('latitude', round6(values.latitude + dLat))
    set('longitude', round6(values.longitude + dLng))
  }

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setErrors((current) => ({ ...current, latitude: 'Tu navegador no comparte la ubicación.' }))
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        set('latitude', round6(position.coords.latitude))
        set('longitude', round6(position.coords.longitude))
      },
      () => {
        setLocating(false)
        setErrors((current) => ({
          ...current,
          latitude: 'No pudimos obtener tu ubicación. Ajustá el punto a mano.',
        }))
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    )
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    setFormError(null)
    const label = labelChoice(values.label) === 'Otro' ? otherLabel.trim() || 'Otro' : values.label
    const result = validateAddressForm({ ...values, label })
    if (!result.ok) {
      setErrors(result.errors)
      focusFirstError(result.errors)
      return
    }
    setSubmitting(true)
    try {
      await onSubmit(result.input)
    } catch (error) {
      const fieldErrors = getFieldErrors(error) as AddressFormErrors
      setErrors(fieldErrors)
      setFormError(getErrorMessage(error, 'No pudimos guardar la dirección. Intentá nuevamente.'))
      focusFirstError(fieldErrors)
    } finally {
      setSubmitting(false)
    }
  }

  const hasPoint = values.latitude !== '' && values.longitude !== ''
  const osmHref = hasPoint
    ? `https://www.openstreetmap.org/?mlat=${values.latitude}&mlon=${values.longitude}#map=18/${values.latitude}/${values.longitude}`
    : undefined

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 8 }}>
            <TextInput
              name="street"
              label="Calle"
              required
              autoComplete="address-line1"
              maxLength={120}
              value={values.street}
              onChange={(e) => set('street', e.currentTarget.value)}
              error={errors.street}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 4 }}>
            <TextInput
              name="number"
              label="Altura"
              required
              inputMode="numeric"
              maxLength={20}
              value={values.number}
              onChange={(e) => set('number', e.currentTarget.value)}
              error={errors.number}
            />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            name="floorApartment"
            label="Piso / depto"
            placeholder="Ej.: 3° B"
            autoComplete="address-line2"
            maxLength={40}
            value={values.floorApartment}
            onChange={(e) => set('floorApartment', e.currentTarget.value)}
            error={errors.floorApartment}
          />
          <TextInput
            name="postalCode"
            label="Código postal"
            placeholder="Ej.: C1414ABC o 1414"
            autoComplete="postal-code"
            maxLength={8}
            value={values.postalCode}
            onChange={(e) => set('postalCode', e.currentTarget.value)}
            error={errors.postalCode}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            name="city"
            label="Localidad o barrio"
            required
            autoComplete="address-level2"
            maxLength={120}
            value={values.city}
            onChange={(e) => set('city', e.currentTarget.value)}
            error={errors.city}
          />
          <NativeSelect
            name="provinceCode"
            label="Provincia"
            required
            value={values.provinceCode}
            onChange={(e) =>
              set('provinceCode', e.currentTarget.value as AddressFormValues['provinceCode'])
            }
            error={errors.provinceCode}
            data={[
              { value: '', label: 'Elegí la provincia' },
              ...PROVINCES.map((p) => ({ value: p.code, label: p.name })),
            ]}
          />
        </SimpleGrid>
        <Textarea
          name="notes"
          label="Indicaciones para el repartidor"
          placeholder="Ej.: timbre 3B, portón verde, dejar en portería"
          rows={2}
          maxLength={300}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={errors.notes}
        />
        <Input.Wrapper label="Etiqueta" labelElement="div" error={errors.label}>
          <SegmentedControl
            name="label"
            aria-label="Etiqueta"
            fullWidth
            value={labelChoice(values.label)}
            onChange={(value) => set('label', value)}
            data={[...ADDRESS_LABELS]}
          />
        </Input.Wrapper>
        {labelChoice(values.label) === 'Otro' ? (
          <TextInput
            label="Nombre de la dirección"
            placeholder="Ej.: Casa de mamá"
            maxLength={40}
            value={otherLabel}
            onChange={(e) => setOtherLabel(e.currentTarget.value)}
          />
        ) : null}

        <Fieldset legend="Punto de entrega" variant="filled" radius="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Lo usamos para encontrar comercios cerca y para que el repartidor llegue a tu puerta.
              Si no coincide, movelo con las flechas o escribí las coordenadas.
            </Text>
            <Group align="flex-end" gap="md" wrap="wrap">
              <div className={classes.nudgeGrid} role="group" aria-label="Mover el punto">
                <span />
                <ActionIcon
                  variant="default"
                  aria-label="Mover el punto al norte"
                  disabled={!hasPoint}
                  onClick={() => nudge(NUDGE_DEGREES, 0)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <span />
                <ActionIcon
                  variant="default"
                  aria-label="Mover el punto al oeste"
                  disabled={!hasPoint}
                  onClick={() => nudge(0, -NUDGE_DEGREES)}
                >
                  <IconArrowLeft size={16} aria-hidden />
                </ActionIcon>
                <IconMapPin size={20} aria-hidden color="var(--mantine-color-green-7)" />
                <ActionIcon
                  variant="default"
                  aria-label="Mover el punto al este"
                  disabled={!hasPoint}
                  onClick={() => nudge(0, NUDGE_DEGREES)}
                >
                  <IconArrowRight size={16} aria-hidden />
                </ActionIcon>
                <span />
                <ActionIcon
                  variant="default"
                  aria-label="Mover el punto al sur"
                  disabled={!hasPoint}
                  onClick={() => nudge(-NUDGE_DEGREES, 0)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <span />
              </div>
              <Stack gap="xs" style={{ flex: 1, minWidth: 180 }}>
                <NumberInput
                  name="latitude"
                  label="Latitud"
                  required
                  decimalScale={6}
                  step={NUDGE_DEGREES}
                  min={-90}
                  max={90}
                  hideControls
                  value={values.latitude}
                  onChange={(value) => set('latitude', typeof value === 'number' ? value : '')}
                  error={errors.latitude}
                />
                <NumberInput
                  name="longitude"
                  label="Longitud"
                  required
                  decimalScale={6}
                  step={NUDGE_DEGREES}
                  min={-180}
                  max={180}
                  hideControls
                  value={values.longitude}
                  onChange={(value) => set('longitude', typeof value === 'number' ? value : '')}
                  error={errors.longitude}
                />
              </Stack>
            </Group>
            <Group gap="md">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconCurrentLocation size={16} aria-hidden />}
                loading={locating}
                onClick={locateMe}
              >
                Usar mi ubicación actual
              </Button>
              {osmHref ? (
                <Anchor href={osmHref} target="_blank" rel="noopener noreferrer" size="sm">
                  Ver el punto en OpenStreetMap
                </Anchor>
              ) : null}
            </Group>
          </Stack>
        </Fieldset>

        {formError ? (
          <Alert color="red" role="alert" variant="light">
            {formError}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm">
          {secondaryAction ? (
            <Button variant="default" onClick={secondaryAction.onClick}>
              {secondaryAction.label}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
