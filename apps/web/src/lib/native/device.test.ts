import { HEADERS } from '@barrio/contracts/constants'
import { describe, expect, test } from 'vitest'

import { buildRequestHeaders } from '@/lib/http/request-headers'
import { buildDeviceHeaders, buildDeviceQuery, type DeviceInfo } from '@/lib/native/device'

const phone: DeviceInfo = {
  platform: 'android',
  userAgent: 'Mozilla/5.0',
  model: 'moto g84 5G',
  operatingSystem: 'android',
  osVersion: '14',
  manufacturer: 'motorola',
  isVirtual: false,
  name: 'Celu de José',
}

describe('device data on native requests', () => {
  test('every request describes the phone, with header-safe values', () => {
    const headers = buildRequestHeaders({
      deviceId: null,
      deviceToken: null,
      platform: 'android',
      appType: 'customer',
      selectedStoreId: null,
      cartId: null,
      selectedAddressId: null,
      device: phone,
    })
    expect(headers).toMatchObject({
      [HEADERS.deviceModel]: 'moto%20g84%205G',
      [HEADERS.deviceOs]: 'android',
      [HEADERS.deviceOsVersion]: '14',
      [HEADERS.deviceManufacturer]: 'motorola',
      [HEADERS.deviceVirtual]: 'false',
      [HEADERS.deviceName]: 'Celu%20de%20Jos%C3%A9',
    })
    for (const value of Object.values(headers)) expect(value).toMatch(/^[\x20-\x7e]*$/)
  })

  test('a browser sends none of them', () => {
    expect(buildDeviceHeaders(null)).toEqual({})
  })

  test('a new device id carries the same description in the query the API stores', () => {
    expect(buildDeviceQuery(phone)).toEqual({
      platform: 'android',
      model: 'moto g84 5G',
      operatingSystem: 'android',
      osVersion: '14',
      manufacturer: 'motorola',
      isVirtual: 'false',
      name: 'Celu de José',
    })
  })
})
