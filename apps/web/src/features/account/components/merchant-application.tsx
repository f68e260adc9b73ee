import { merchantApplicationInputSchema } from '@barrio/contracts/auth'
import type { User } from '@barrio/contracts/users'
import { Alert, Button, Select, Stack, Text, TextInput } from '@mantine/core'
import { useMutationState } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'

import {
  applyForMerchantMutationKey,
  useApplyForMerchant,
  type ApplyForMerchantResult,
} from '@/api/shared/account/apply-for-merchant'
import { cuitError, formatCuitInput } from '@/features/account/utils/cuit'
import { STORE_CATEGORY_OPTIONS } from '@barrio/contracts/common'
import type { PlaceResult } from '@barrio/contracts/geo'
import { validateWith } from '@/components/form/form-errors'
import { PostalAddressFields } from '@/components/form/postal-address-fields'
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
import { setUser } from '@/lib/app-store'
import { placeAddressParts } from '@/lib/maps/place-address'
import { getErrorMessage, getFieldErrors, getServerMessage, isApiError } from '@/lib/http/api-error'
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
  provinceCode: string | null
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

export function MerchantApplicationForm({ user }: { user: User }) {
  const [values, setValues] = useState<MerchantValues>({
    businessName: '',
    cuit: '',
    phone: user.phone ?? '',
    street: '',
    number: '',
    city: '',
    provinceCode: null,
    postalCode: '',
    category: null,
    latitude: null,
    longitude: null,
    pinConfirmed: false,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const [needsVerifiedEmail, setNeedsVerifiedEmail] = useState(false)
  const applyMutation = useApplyForMerchant(user._id)

  const update = <K extends keyof MerchantValues>(field: K, value: MerchantValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors(({ [field]: _removed, ...rest }) => rest)
  }

  /** A chosen place fills what it knows of the address and sets the pin (to be confirmed). */
  const choosePlace = (place: PlaceResult) => {
    const parts = placeAddressParts(place)
    setValues((current) => ({
      ...current,
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
    setErrors(
      ({ location: _l, pinConfirmed: _p, street: _s, number: _n, city: _c, ...rest }) => rest,
    )
  }
  const movePin = (latitude: number, longitude: number) => {
    setValues((current) => ({ ...current, latitude, longitude }))
    setErrors(({ location: _removed, ...rest }) => rest)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (applyMutation.isPending) return
    const { pinConfirmed: _pin, latitude, longitude, ...fields } = values
    const checked = validateWith(merchantApplicationInputSchema, {
      ...fields,
      ...(latitude !== null && longitude !== null ? { latitude, longitude } : {}),
      provinceCode: values.provinceCode ?? undefined,
      category: values.category ?? undefined,
      postalCode: values.postalCode.trim() === '' ? undefined : values.postalCode,
    })
    const found = checked.success ? {} : { ...checked.errors }
    const invalidCuit = cuitError(values.cuit)
    if (invalidCuit) found.cuit = invalidCuit
    if (values.phone === '') found.phone = 'Ingresá un teléfono'
    else if (!isValidPhone(values.phone)) found.phone = INVALID_PHONE_MESSAGE
    // The first store is created from the application: it needs the shop's real point.
    if (latitude === null || longitude === null) found.location = PLACE_REQUIRED_MESSAGE
    else if (!values.pinConfirmed) found.pinConfirmed = PIN_REQUIRED_MESSAGE
    if (!checked.success || Object.keys(found).length > 0) {
      setErrors(found)
      return
    }
    setErrors({})
    setServerError(null)
    applyMutation.mutate(checked.data, {
      onSuccess: ({ application, user: updated }) => {
        // An approved applicant is now an admin: the app switches to the seller type.
        setUser(updated, { persist: true })
        showToast(
          application.status === 'approved'
            ? { message: '¡Listo! Ya podés vender en Barrio.', type: 'success' }
            : { message: MERCHANT_PENDING_TITLE, type: 'info' },
        )
      },
      onError: (error) => {
        setErrors(getFieldErrors(error))
        setNeedsVerifiedEmail(isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED')
        setServerError(
          getServerMessage(error) ??
            getErrorMessage(error, 'No pudimos enviar tu solicitud. Intentá nuevamente.'),
        )
      },
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Quiero vender en Barrio">
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          Sumá tu comercio y recibí pedidos de tu barrio. Revisamos tus datos y, si está todo en
          orden, habilitamos tu panel de vendedor en el momento.
        </Text>
        {serverError && needsVerifiedEmail ? (
          <Alert color="yellow" variant="light" role="alert" title={MERCHANT_VERIFY_EMAIL_TITLE}>
            <Stack gap="sm">
              <Text size="sm">{serverError}</Text>
              <ResendVerificationButton />
            </Stack>
          </Alert>
        ) : serverError ? (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          label="Nombre del comercio"
          name="businessName"
          autoComplete="organization"
          value={values.businessName}
          onChange={(e) => update('businessName', e.currentTarget.value)}
          error={errors.businessName}
          required
        />
        <TextInput
          label="CUIT"
          name="cuit"
          inputMode="numeric"
          autoComplete="off"
          placeholder="20-12345678-6"
          description="11 números, con o sin guiones."
          maxLength={13}
          value={values.cuit}
          onChange={(e) => update('cuit', formatCuitInput(e.currentTarget.value))}
          onBlur={() => {
            if (values.cuit === '') return
            const invalid = cuitError(values.cuit)
            if (invalid) setErrors((current) => ({ ...current, cuit: invalid }))
          }}
          error={errors.cuit}
          required
        />
        <Select
          label="Rubro"
          name="category"
          placeholder="Elegí un rubro"
          data={STORE_CATEGORY_OPTIONS}
          value={values.category}
          onChange={(value) => update('category', value)}
          error={errors.category}
          allowDeselect={false}
          required
        />
        <PhoneInput
          label="Teléfono del comercio"
          name="businessPhone"
          value={values.phone}
          onChange={(value) => update('phone', value)}
          error={errors.phone}
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
          onConfirmChange={(confirmed) => update('pinConfirmed', confirmed)}
          error={errors.location}
          confirmError={errors.pinConfirmed}
        />
        <PostalAddressFields
          values={{ ...values, provinceCode: values.provinceCode ?? '' }}
          onChange={(line, value) => {
            if (line === 'provinceCode') update('provinceCode', value || null)
            else if (line !== 'floorApartment' && line !== 'neighbourhood') update(line, value)
          }}
          errorOf={(line) => errors[line]}
          lines={['postalCode']}
        />
        <Button type="submit" loading={applyMutation.isPending} style={{ alignSelf: 'flex-start' }}>
          {MERCHANT_SUBMIT_LABEL}
        </Button>
      </Stack>
    </form>
  )
}
