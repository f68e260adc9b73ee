import {
  adminStoreInputSchema,
  type AdminStore,
  type AdminStoreInput,
} from '@barrio/contracts/admin-stores'
import type { DeliveryType } from '@barrio/contracts/enums'
import type { ProvinceCode } from '@barrio/contracts/provinces'
import { STORE_CATEGORY_OPTIONS } from '@barrio/contracts/common'

import { validateWith, type FieldErrors, type Validated } from '@/components/form/form-errors'
import { toNumber, type NumberFieldValue } from '@/components/admin/numbers'
import { PIN_REQUIRED_MESSAGE, PLACE_REQUIRED_MESSAGE } from '@/components/maps/location-pin-field'

/** Weekday keys of openingHours ('0' = domingo, like Date#getDay), shown Monday first. */
export const WEEKDAYS = [
  { key: '1', label: 'Lunes' },
  { key: '2', label: 'Martes' },
  { key: '3', label: 'Miércoles' },
  { key: '4', label: 'Jueves' },
  { key: '5', label: 'Viernes' },
  { key: '6', label: 'Sábado' },
  { key: '0', label: 'Domingo' },
] as const
export type WeekdayKey = (typeof WEEKDAYS)[number]['key']

export type TimeRange = [string, string]
/** A closure as the form edits it: native date inputs give YYYY-MM-DD or ''. */
export type ClosureValues = { from: string; to: string; reason: string }
export type DayHours = { open: boolean; ranges: TimeRange[] }

/** The one list of store categories (contracts/src/common.ts). */
export const STORE_CATEGORIES: ReadonlyArray<{ value: string; label: string }> =
  STORE_CATEGORY_OPTIONS

export type StoreFormValues = {
  name: string
  handle: string
  description: string
  category: string
  phone: string
  /** The shop's WhatsApp as typed; the API keeps it in E.164 or says why not (decision 052). */
  whatsapp: string
  email: string
  address: {
    street: string
    number: string
    neighbourhood: string
    city: string
    provinceCode: ProvinceCode | ''
    postalCode: string
  }
  latitude: NumberFieldValue
  longitude: NumberFieldValue
  /** The seller confirmed the pin of the chosen place (a saved, not pending, point counts). */
  pinConfirmed: boolean
  isOpen: boolean
  openingHours: Record<WeekdayKey, DayHours>
  closures: ClosureValues[]
  openOnHolidays: boolean
  deliveryTypes: DeliveryType[]
}

function defaultHours(): Record<WeekdayKey, DayHours> {
  const weekday = (): DayHours => ({
    open: true,
    ranges: [
      ['09:00', '13:00'],
      ['16:00', '20:00'],
    ],
  })
  return {
    '1': weekday(),
    '2': weekday(),
    '3': weekday(),
    '4': weekday(),
    '5': weekday(),
    '6': { open: true, ranges: [['09:00', '13:00']] },
    '0': { open: false, ranges: [] },
  }
}

export function emptyStoreValues(): StoreFormValues {
  return {
    name: '',
    handle: '',
    description: '',
    category: 'almacen',
    phone: '',
    whatsapp: '',
    email: '',
    address: {
      street: '',
      number: '',
      neighbourhood: '',
      city: '',
      provinceCode: '',
      postalCode: '',
    },
    latitude: '',
    longitude: '',
    pinConfirmed: false,
    isOpen: true,
    openingHours: defaultHours(),
    closures: [],
    openOnHolidays: false,
    deliveryTypes: ['pickup'],
  }
}

export function storeToValues(store: AdminStore): StoreFormValues {
  const openingHours = {} as Record<WeekdayKey, DayHours>
  for (const { key } of WEEKDAYS) {
    const ranges = (store.openingHours[key] ?? []).map(([from, to]) => [from, to] as TimeRange)
    openingHours[key] = { open: ranges.length > 0, ranges }
  }
  return {
    name: store.name,
    handle: store.handle,
    description: store.description,
    category: store.category,
    phone: store.phone ?? '',
    whatsapp: store.whatsapp ?? '',
    email: store.email ?? '',
    address: {
      street: store.address.street,
      number: store.address.number,
      neighbourhood: store.address.neighbourhood ?? '',
      city: store.address.city,
      provinceCode: store.address.provinceCode,
      postalCode: store.address.postalCode ?? '',
    },
    latitude: store.latitude,
    longitude: store.longitude,
    pinConfirmed: !store.locationPending,
    isOpen: store.isOpen,
    openingHours,
    closures: store.closures.map((c) => ({ ...c })),
    openOnHolidays: store.openOnHolidays,
    deliveryTypes: [...store.deliveryTypes],
  }
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/** The request body; validation happens in validateStoreValues. */
export function valuesToInput(values: StoreFormValues): Record<string, unknown> {
  const openingHours: Partial<Record<WeekdayKey, TimeRange[]>> = {}
  for (const { key } of WEEKDAYS) {
    const day = values.openingHours[key]
    if (day.open && day.ranges.length > 0) openingHours[key] = day.ranges
  }
  return {
    name: values.name,
    handle: values.handle,
    description: values.description,
    category: values.category,
    phone: orNull(values.phone),
    whatsapp: orNull(values.whatsapp),
    email: orNull(values.email),
    address: {
      street: values.address.street,
      number: values.address.number,
      neighbourhood: orNull(values.address.neighbourhood),
      city: values.address.city,
      provinceCode: values.address.provinceCode || undefined,
      postalCode: orNull(values.address.postalCode),
    },
    latitude: toNumber(values.latitude) ?? Number.NaN,
    longitude: toNumber(values.longitude) ?? Number.NaN,
    isOpen: values.isOpen,
    openingHours,
    closures: values.closures.map((c) => ({ from: c.from, to: c.to, reason: c.reason.trim() })),
    openOnHolidays: values.openOnHolidays,
    deliveryTypes: values.deliveryTypes,
  }
}

/** Open/closed and the images have their own controls: an update sends what the server has. */
export function withServerManagedFields(
  input: AdminStoreInput,
  store: AdminStore,
): AdminStoreInput {
  return { ...input, isOpen: store.isOpen, logoUrl: store.logoUrl, coverUrl: store.coverUrl }
}

/** Maps server and schema paths to the form's fields. */
export function toFormErrorKey(path: string): string {
  // One place search sets both coordinates: their errors show under it.
  if (path === 'longitude') return 'latitude'
  return path
}

export function normaliseErrors(errors: FieldErrors): FieldErrors {
  const result: FieldErrors = {}
  for (const [path, message] of Object.entries(errors)) {
    const key = toFormErrorKey(path)
    if (!(key in result)) result[key] = message
  }
  return result
}

export { PIN_REQUIRED_MESSAGE, PLACE_REQUIRED_MESSAGE }

/** Client validation: the contract's schema plus the checks it cannot express in Spanish here. */
export function validateStoreValues(values: StoreFormValues): Validated<AdminStoreInput> {
  const extra: FieldErrors = {}
  const latitude = toNumber(values.latitude)
  const longitude = toNumber(values.longitude)
  if (latitude === undefined || longitude === undefined) extra.latitude = PLACE_REQUIRED_MESSAGE
  else if (!values.pinConfirmed) extra.pinConfirmed = PIN_REQUIRED_MESSAGE
  if (!values.address.provinceCode) extra['address.provinceCode'] = 'Elegí la provincia'
  for (const { key, label } of WEEKDAYS) {
    const day = values.openingHours[key]
    if (!day.open) continue
    if (day.ranges.length === 0)
      extra[`openingHours.${key}`] =
        `Agregá un horario para el ${label.toLowerCase()} o marcalo cerrado`
    day.ranges.forEach(([from, to], index) => {
      if (!/^\d{2}:\d{2}$/.test(from) || !/^\d{2}:\d{2}$/.test(to)) {
        extra[`openingHours.${key}.${index}`] = 'Completá las dos horas (HH:MM)'
      } else if (from === to) {
        // A close before the open runs past midnight (a bar's 20:00–02:00): only equal is wrong.
        extra[`openingHours.${key}.${index}`] =
          'El horario de apertura y el de cierre no pueden ser iguales'
      }
    })
  }
  values.closures.forEach((c, index) => {
    if (!c.from) extra[`closures.${index}.from`] = 'Elegí el primer día cerrado'
    if (!c.to) extra[`closures.${index}.to`] = 'Elegí el último día cerrado'
  })
  const result = validateWith(adminStoreInputSchema, valuesToInput(values))
  const errors = { ...(result.success ? {} : normaliseErrors(result.errors)), ...extra }
  if (Object.keys(errors).length > 0 || !result.success) return { success: false, errors }
  return result
}

/** The text sent to the place lookup: "Av. Corrientes 1234, Balvanera, CABA". */
export function addressQuery(values: StoreFormValues, provinceName: string | undefined): string {
  const { street, number, neighbourhood, city } = values.address
  return [`${street} ${number}`.trim(), neighbourhood, city, provinceName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
}
