import type { AddressInput } from '@barrio/contracts/addresses'
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { IconCurrentLocation } from '@tabler/icons-react'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'

import { DoorPin } from '@/components/maps/door-pin'

import {
  PostalAddressFields,
  type PostalAddressLine,
} from '@/components/form/postal-address-fields'
import {
  ADDRESS_LABELS,
  validateAddressForm,
  type AddressFormErrors,
  type AddressFormValues,
} from '@/features/addresses/utils/address-form-values'
import { getErrorMessage, getFieldErrors } from '@/lib/http/api-error'

export const SAVE_ADDRESS_LABEL = 'Guardar dirección'
export const APPROXIMATE_TITLE = 'Ubicación aproximada'

export const CUSTOMER_PIN_LABELS = {
  openMap: 'Ver el pin en OpenStreetMap',
  map: 'Mapa con el pin de tu puerta',
  pin: 'Pin de tu puerta: arrastralo o movelo con las flechas del teclado',
  nudge: 'Mover el pin con el teclado',
  north: 'Mover el pin hacia el norte',
  south: 'Mover el pin hacia el sur',
  east: 'Mover el pin hacia el este',
  west: 'Mover el pin hacia el oeste',
} as const

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

/** The postal lines a customer address has (no separate neighbourhood: the locality says it). */
type PostalLine = Extract<keyof AddressFormValues, PostalAddressLine>

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

  // The customer's own point from now on: moved on the map, with the arrows or from the GPS.
  const movePin = useCallback((latitude: number, longitude: number) => {
    setValues((current) => ({ ...current, latitude, longitude, geocodedBy: 'pin' }))
    setErrors((current) => ({ ...current, latitude: undefined, longitude: undefined }))
  }, [])

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setErrors((current) => ({ ...current, latitude: 'Tu navegador no comparte la ubicación.' }))
      return
    }
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false)
        movePin(round6(position.coords.latitude), round6(position.coords.longitude))
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

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <PostalAddressFields
          values={values}
          onChange={(line, value) =>
            set(line as PostalLine, value as AddressFormValues[PostalLine])
          }
          errorOf={(line) => errors[line as PostalLine]}
        />
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

        <Fieldset legend="Tu puerta en el mapa" variant="filled" radius="md">
          <Stack gap="sm">
            {hasPoint ? (
              <>
                {values.geocodedBy === 'locality' ? (
                  <Alert color="yellow" variant="light" role="note" title={APPROXIMATE_TITLE}>
                    Lo ubicamos en el centro de {values.city || 'la localidad'}. Mové el pin a tu
                    puerta para recibir envíos a domicilio.
                  </Alert>
                ) : null}
                <DoorPin
                  latitude={values.latitude as number}
                  longitude={values.longitude as number}
                  onMove={movePin}
                  hint="Mové el pin a tu puerta."
                  labels={CUSTOMER_PIN_LABELS}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Al guardar ubicamos la dirección por calle y altura, y te mostramos el pin para que
                lo confirmes.
              </Text>
            )}
            {errors.latitude || errors.longitude ? (
              <Text size="sm" c="red" role="alert">
                {errors.latitude ?? errors.longitude}
              </Text>
            ) : null}
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
