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
import { useCallback, useEffect, useId, useState } from 'react'

import { AppForm } from '@/components/form/app-form'
import { bindPostalAddress, PostalAddressFields } from '@/components/form/postal-address-fields'
import {
  FOCUS_ON_ERROR_ATTRIBUTE,
  useAppForm,
  type SaveMutation,
} from '@/components/form/use-app-form'
import { DoorPin } from '@/components/maps/door-pin'
import {
  ADDRESS_LABELS,
  validateAddressForm,
  type AddressFormValues,
} from '@/features/addresses/utils/address-form-values'

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

function labelChoice(label: string): (typeof ADDRESS_LABELS)[number] {
  if (label === 'Casa' || label === 'Trabajo') return label
  return 'Otro'
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6

/** The form's values: the address, and the name typed for an "Otro" label. */
type Values = AddressFormValues & { otherLabel: string }

/** The label sent: "Casa", "Trabajo", or the name typed for "Otro" ("Otro" when left empty). */
function validateValues({ otherLabel, ...values }: Values) {
  const label = labelChoice(values.label) === 'Otro' ? otherLabel.trim() || 'Otro' : values.label
  return validateAddressForm({ ...values, label })
}

/** The point has no input of its own: the server's errors on it show at the pin. */
const pointErrorPath = (name: string) => (name === 'longitude' ? 'latitude' : name)

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
  const [submitting, setSubmitting] = useState(false)
  const [locating, setLocating] = useState(false)
  const pointErrorId = useId()
  // The caller saves (online or offline, then maybe shows where the API located the door).
  const mutation: SaveMutation<AddressInput, unknown> = {
    isPending: submitting,
    mutateAsync: async (input) => {
      setSubmitting(true)
      try {
        return await onSubmit(input)
      } finally {
        setSubmitting(false)
      }
    },
  }
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: {
      ...initialValues,
      otherLabel:
        labelChoice(initialValues.label) === 'Otro' && initialValues.label !== 'Otro'
          ? initialValues.label
          : '',
    },
    validate: validateValues,
    mutation,
    serverErrorPath: pointErrorPath,
    errorFallback: 'No pudimos guardar la dirección. Intentá nuevamente.',
  })
  const { form, formRef } = appForm
  const values = form.values

  // When the form appears (each chosen place remounts it through its key, so this runs once).
  const { street: initialStreet, number: initialNumber } = initialValues
  useEffect(() => {
    if (!focusOnMount) return
    const next =
      initialStreet === '' ? 'street' : initialNumber === '' ? 'number' : 'floorApartment'
    formRef.current?.querySelector<HTMLElement>(`[name="${next}"]`)?.focus()
  }, [focusOnMount, initialStreet, initialNumber, formRef])

  // The customer's own point from now on: moved on the map, with the arrows or from the GPS.
  const { setValues, clearFieldError, setFieldError } = form
  const movePin = useCallback(
    (latitude: number, longitude: number) => {
      setValues({ latitude, longitude, geocodedBy: 'pin' })
      clearFieldError('latitude')
      clearFieldError('longitude')
    },
    [setValues, clearFieldError],
  )

  const locateMe = () => {
    if (!('geolocation' in navigator)) {
      setFieldError('latitude', 'Tu navegador no comparte la ubicación.')
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
        setFieldError('latitude', 'No pudimos obtener tu ubicación. Ajustá el punto a mano.')
      },
      { enableHighAccuracy: true, timeout: 10_000 },
    )
  }

  const hasPoint = values.latitude !== '' && values.longitude !== ''
  const pointError = appForm.errorOf('latitude') ?? appForm.errorOf('longitude')
  const isOther = labelChoice(values.label) === 'Otro'

  return (
    <AppForm
      form={appForm}
      submitLabel={submitLabel}
      {...(secondaryAction ? { cancel: secondaryAction } : {})}
    >
      <PostalAddressFields {...bindPostalAddress(appForm, '')} />
      <Textarea
        name="notes"
        label="Indicaciones para el repartidor"
        placeholder="Ej.: timbre 3B, portón verde, dejar en portería"
        rows={2}
        maxLength={300}
        {...appForm.inputProps('notes')}
      />
      <Input.Wrapper
        label="Etiqueta"
        labelElement="div"
        error={isOther ? undefined : appForm.errorOf('label')}
      >
        <SegmentedControl
          name="label"
          aria-label="Etiqueta"
          fullWidth
          value={labelChoice(values.label)}
          onChange={(value) => form.setFieldValue('label', value)}
          data={[...ADDRESS_LABELS]}
        />
      </Input.Wrapper>
      {isOther ? (
        <TextInput
          name="otherLabel"
          label="Nombre de la dirección"
          placeholder="Ej.: Casa de mamá"
          maxLength={40}
          {...appForm.inputProps('otherLabel', 'label')}
          onChange={(e) => {
            form.setFieldValue('otherLabel', e.currentTarget.value)
            clearFieldError('label')
          }}
        />
      ) : null}

      {/* The point's errors focus the pin's region: there is no input to type a point in. */}
      <Fieldset
        legend="Tu puerta en el mapa"
        variant="filled"
        radius="md"
        tabIndex={-1}
        aria-describedby={pointError ? pointErrorId : undefined}
        {...{ [FOCUS_ON_ERROR_ATTRIBUTE]: pointError ? 'true' : undefined }}
      >
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
              Al guardar ubicamos la dirección por calle y altura, y te mostramos el pin para que lo
              confirmes.
            </Text>
          )}
          {pointError ? (
            <Text id={pointErrorId} size="sm" c="red" role="alert">
              {pointError}
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
    </AppForm>
  )
}
