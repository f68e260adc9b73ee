import {
  merchantApplicationInputSchema,
  type MerchantApplicationInput,
} from '@barrio/contracts/auth'
import { STORE_CATEGORY_OPTIONS } from '@barrio/contracts/common'
import type { PlaceResult } from '@barrio/contracts/geo'
import type { User } from '@barrio/contracts/users'
import { Alert, Button, Select, Stack, Text, TextInput } from '@mantine/core'
import { useMutationState } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'

import {
  applyForMerchantMutationKey,
  useApplyForMerchant,
  type ApplyForMerchantResult,
} from '@/api/shared/account/apply-for-merchant'
import { validateWith, withFieldErrors } from '@/components/form/form-errors'
import { bindPostalAddress, PostalAddressFields } from '@/components/form/postal-address-fields'
import { SubmitBar } from '@/components/form/submit-bar'
import { useAppForm, type SaveMutation } from '@/components/form/use-app-form'
import {
  LocationPinField,
  PIN_REQUIRED_MESSAGE,
  PLACE_REQUIRED_MESSAGE,
} from '@/components/maps/location-pin-field'
import {
  INVALID_PHONE_MESSAGE,
  isValidPhone,
  PhoneInput,
} from '@/components/phone-input/phone-input'
import { paths } from '@/config/paths'
import { ResendVerificationButton } from '@/features/account/components/resend-verification-button'
import { cuitError, formatCuitInput } from '@/lib/cuit'
import { setUser } from '@/lib/app-store'
import { isApiError } from '@/lib/http/api-error'
import { placeAddressParts } from '@/lib/maps/place-address'
import { showToast } from '@/lib/toast'

export const MERCHANT_SUBMIT_LABEL = 'Enviar solicitud'
export const MERCHANT_PENDING_TITLE = 'Tu solicitud está en revisión'
export const MERCHANT_APPROVED_TITLE = '¡Tu comercio ya está habilitado!'
export const SELLER_PANEL_LABEL = 'Ir al panel de vendedor'
export const MERCHANT_VERIFY_EMAIL_TITLE = 'Verificá tu correo para vender'

type MerchantValues = {
  businessName: string
  cuit: string
  phone: string
  street: string
  number: string
  city: string
  /** '' while no province is chosen (the postal address fields' convention). */
  provinceCode: string
  postalCode: string
  category: string | null
  /** The shop's point: from the place lookup, then dragged or nudged; never typed. */
  latitude: number | null
  longitude: number | null
  pinConfirmed: boolean
}

function SellerPanelButton() {
  return (
    <Button
      component={Link}
      to={paths.admin.dashboard.getHref()}
      style={{ alignSelf: 'flex-start' }}
    >
      {SELLER_PANEL_LABEL}
    </Button>
  )
}

function ApplicationResult({ result }: { result: ApplyForMerchantResult }) {
  const { application } = result
  if (application.status === 'approved') {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status" title={MERCHANT_APPROVED_TITLE}>
          {application.businessName} ya puede vender en Barrio. Desde el panel de vendedor cargá tus
          productos y configurá tu tienda.
        </Alert>
        <SellerPanelButton />
      </Stack>
    )
  }
  if (application.status === 'pending') {
    return (
      <Alert color="blue" variant="light" role="status" title={MERCHANT_PENDING_TITLE}>
        Recibimos los datos de {application.businessName}. Te vamos a avisar por correo cuando la
        revisemos.
      </Alert>
    )
  }
  return (
    <Alert color="red" variant="light" role="status" title="Tu solicitud no fue aprobada">
      Escribinos desde la sección de ayuda si querés que la revisemos de nuevo.
    </Alert>
  )
}

/**
 * "Quiero vender en Barrio": the merchant application (POST /account/{id}/apply_for_merchant).
 * Approved: the user becomes a merchant and an admin (the app switches to the seller app) and is
 * offered the seller panel. Pending: the application is under review. A member of another store's
 * team (an admin who is no merchant) sees the form: being on a team opens no store of one's own.
 */
export function MerchantApplicationSection({ user }: { user: User }) {
  // Read from the mutation cache: the answer survives the remount caused by the layout switch.
  const results = useMutationState({
    filters: { mutationKey: applyForMerchantMutationKey(user._id), status: 'success' },
    select: (mutation) => mutation.state.data as ApplyForMerchantResult | undefined,
  })
  const result = results.at(-1)

  if (result) return <ApplicationResult result={result} />
  // A member of another's team uses the seller area (userType admin) but may still apply.
  if (user.merchantApproved) {
    return (
      <Stack gap="md">
        <Text>Ya vendés en Barrio. Administrá tu tienda desde el panel de vendedor.</Text>
        <SellerPanelButton />
      </Stack>
    )
  }
  return <MerchantApplicationForm user={user} />
}

/**
 * The contract's rules (Spanish messages) plus what the form adds: the CUIT's check digit as the
 * field is typed, a real phone number, and the shop's point from the place lookup with its pin
 * confirmed (the first store is created from the application: it needs the shop's real point).
 * The point's errors sit under `location` (the place search) and `pinConfirmed`.
 */
function validateApplication(values: MerchantValues) {
  const { pinConfirmed, latitude, longitude, ...fields } = values
  const located = latitude !== null && longitude !== null
  return withFieldErrors(
    validateWith(merchantApplicationInputSchema, {
      ...fields,
      ...(located ? { latitude, longitude } : {}),
      provinceCode: values.provinceCode || undefined,
      category: values.category ?? undefined,
      postalCode: values.postalCode.trim() === '' ? undefined : values.postalCode,
    }),
    {
      cuit: cuitError(values.cuit) ?? undefined,
      phone:
        values.phone === ''
          ? 'Ingresá un teléfono'
          : isValidPhone(values.phone)
            ? undefined
            : INVALID_PHONE_MESSAGE,
      location: located ? undefined : PLACE_REQUIRED_MESSAGE,
      pinConfirmed: located && !pinConfirmed ? PIN_REQUIRED_MESSAGE : undefined,
    },
  )
}

/** The server names the point's fields; the form shows them at the place search. */
const serverErrorPath = (name: string) =>
  name === 'latitude' || name === 'longitude' ? 'location' : name

export function MerchantApplicationForm({ user }: { user: User }) {
  const apply = useApplyForMerchant(user._id)
  // A 403 EMAIL_NOT_VERIFIED is answered with its own alert and a new verification link.
  const [unverifiedMessage, setUnverifiedMessage] = useState<string | null>(null)
  const mutation: SaveMutation<MerchantApplicationInput, ApplyForMerchantResult> = {
    isPending: apply.isPending,
    mutateAsync: async (input) => {
      setUnverifiedMessage(null)
      try {
        return await apply.mutateAsync(input)
      } catch (error) {
        if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
          setUnverifiedMessage(error.message)
        }
        throw error
      }
    },
  }
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: {
      businessName: '',
      cuit: '',
      phone: user.phone ?? '',
      street: '',
      number: '',
      city: '',
      provinceCode: '',
      postalCode: '',
      category: null,
      latitude: null,
      longitude: null,
      pinConfirmed: false,
    } satisfies MerchantValues as MerchantValues,
    validate: validateApplication,
    mutation,
    serverErrorPath,
    errorFallback: 'No pudimos enviar tu solicitud. Intentá nuevamente.',
    onSaved: ({ application, user: updated }) => {
      // An approved applicant is now an admin: the app switches to the seller type.
      setUser(updated, { persist: true })
      showToast(
        application.status === 'approved'
          ? { message: '¡Listo! Ya podés vender en Barrio.', type: 'success' }
          : { message: MERCHANT_PENDING_TITLE, type: 'info' },
      )
    },
  })
  const { form, inputProps, errorOf } = appForm
  const values = form.values

  /** A chosen place fills what it knows of the address and sets the pin (to be confirmed). */
  const choosePlace = (place: PlaceResult) => {
    const parts = placeAddressParts(place)
    form.setValues((current) => ({
      street: parts.street || current.street,
      number: parts.number || current.number,
      // The city itself ("Rosario"), not the barrio the place is ("Pichincha").
      city: parts.town || current.city,
      provinceCode: parts.provinceCode || current.provinceCode,
      postalCode: parts.postalCode || current.postalCode,
      latitude: Number(parts.latitude.toFixed(6)),
      longitude: Number(parts.longitude.toFixed(6)),
      pinConfirmed: false,
    }))
    for (const path of ['location', 'pinConfirmed', 'street', 'number', 'city']) {
      form.clearFieldError(path)
    }
  }
  const movePin = (latitude: number, longitude: number) => {
    form.setValues({ latitude, longitude })
    form.clearFieldError('location')
  }

  // The unverified e-mail's alert says the server's message itself: not twice.
  const formError = appForm.formError === unverifiedMessage ? null : appForm.formError

  return (
    <form
      ref={appForm.formRef}
      onSubmit={appForm.onSubmit}
      noValidate
      aria-label="Quiero vender en Barrio"
    >
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          Sumá tu comercio y recibí pedidos de tu barrio. Revisamos tus datos y, si está todo en
          orden, habilitamos tu panel de vendedor en el momento.
        </Text>
        {unverifiedMessage ? (
          <Alert color="yellow" variant="light" role="alert" title={MERCHANT_VERIFY_EMAIL_TITLE}>
            <Stack gap="sm">
              <Text size="sm">{unverifiedMessage}</Text>
              <ResendVerificationButton />
            </Stack>
          </Alert>
        ) : null}
        <TextInput
          label="Nombre del comercio"
          name="businessName"
          autoComplete="organization"
          required
          {...inputProps('businessName')}
        />
        <TextInput
          label="CUIT"
          name="cuit"
          inputMode="numeric"
          autoComplete="off"
          placeholder="20-12345678-6"
          description="11 números, con o sin guiones."
          maxLength={13}
          required
          {...inputProps('cuit')}
          onChange={(e) => form.setFieldValue('cuit', formatCuitInput(e.currentTarget.value))}
          onBlur={() => {
            if (values.cuit === '') return
            const invalid = cuitError(values.cuit)
            if (invalid) form.setFieldError('cuit', invalid)
          }}
        />
        <Select
          label="Rubro"
          name="category"
          placeholder="Elegí un rubro"
          data={STORE_CATEGORY_OPTIONS}
          allowDeselect={false}
          required
          {...inputProps('category')}
        />
        <PhoneInput
          label="Teléfono del comercio"
          name="businessPhone"
          value={values.phone}
          onChange={(value) => form.setFieldValue('phone', value)}
          error={errorOf('phone')}
          required
        />
        <LocationPinField
          initialQuery={[values.street, values.number, values.city].filter(Boolean).join(' ')}
          latitude={values.latitude}
          longitude={values.longitude}
          pinConfirmed={values.pinConfirmed}
          pending={false}
          onChoose={choosePlace}
          onMove={movePin}
          onConfirmChange={(confirmed) => form.setFieldValue('pinConfirmed', confirmed)}
          error={errorOf('location')}
          confirmError={errorOf('pinConfirmed')}
        />
        <PostalAddressFields {...bindPostalAddress(appForm, '')} lines={['postalCode']} />
        <SubmitBar
          submitLabel={MERCHANT_SUBMIT_LABEL}
          isSaving={appForm.isSaving}
          error={formError}
        />
      </Stack>
    </form>
  )
}
