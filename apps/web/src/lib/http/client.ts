import { AUTH_FORBIDDEN_HEADER } from '@barrio/contracts/constants'
import axios, {
  isAxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
} from 'axios'
import { attach } from 'retry-axios'

import { API_BASE_URL } from '@/config/env'
import { appStore } from '@/lib/app-store'
import { handleAuthForbidden } from '@/lib/http/auth-forbidden'
import { ApiError, isApiError, toApiError } from '@/lib/http/api-error'
import { buildRequestHeaders, type RequestContext } from '@/lib/http/request-headers'
import { createRetryConfig } from '@/lib/http/retry'
import { getLoadedNativeDeviceInfo } from '@/lib/native/device'
import { getPlatform } from '@/lib/native/platform'
import { readStorage, STORAGE_KEYS } from '@/lib/storage'

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * For sign-in forms: a plain 403 there (e.g. an unverified e-mail) is the form's answer,
     * not a dead session. The x-auth-forbidden header still wipes the session.
     */
    skipForbiddenHandler?: boolean
  }
}

export type HttpClientOptions = {
  baseURL?: string
  getContext: () => RequestContext
  onAuthForbidden: () => void
  /** Replaces the network layer (tests drive the real client through a fake adapter). */
  adapter?: AxiosAdapter
}

/** Spec section 7: statuses 400-599 are errors (1xx too, so the retry rule can see them). */
export function validateStatus(status: number): boolean {
  return status >= 200 && status < 400
}

function hasForbiddenMarker(response: AxiosResponse | undefined): boolean {
  const value: unknown = response?.headers?.[AUTH_FORBIDDEN_HEADER]
  return value !== undefined && value !== null && value !== '' && value !== '0' && value !== 'false'
}

/**
 * Builds the app's axios instance: base URL, credentials, headers, retry (spec section 9),
 * 403 handling (spec section 6) and errors normalised to ApiError.
 */
export function createHttpClient({
  baseURL = API_BASE_URL,
  getContext,
  onAuthForbidden,
  adapter,
}: HttpClientOptions): AxiosInstance {
  const instance = axios.create({
    baseURL,
    withCredentials: true,
    validateStatus,
    headers: { Accept: 'application/json' },
    ...(adapter ? { adapter } : {}),
  })

  instance.interceptors.request.use((config) => {
    for (const [name, value] of Object.entries(buildRequestHeaders(getContext()))) {
      if (!config.headers.has(name)) config.headers.set(name, value)
    }
    return config
  })

  // Registered first so it sees the raw AxiosError; a retry re-enters the whole chain.
  instance.defaults.raxConfig = createRetryConfig()
  attach(instance)

  instance.interceptors.response.use(
    (response) => {
      if (hasForbiddenMarker(response)) {
        onAuthForbidden()
        throw new ApiError({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'No tenés permiso para hacer esto.',
          data: response.data,
        })
      }
      return response
    },
    (error: unknown) => {
      // Already normalised by the inner chain of a retried request.
      if (isApiError(error)) throw error
      if (isAxiosError(error) && error.response) {
        // A role's limit in one store (decision 029) is that action's error, not a dead session.
        const code = (error.response.data as { code?: unknown } | undefined)?.code
        const isForbidden =
          error.response.status === 403 &&
          !error.config?.skipForbiddenHandler &&
          code !== 'ROLE_NOT_ALLOWED'
        if (isForbidden || hasForbiddenMarker(error.response)) onAuthForbidden()
      }
      throw toApiError(error)
    },
  )

  return instance
}

/** Reads the request context from the app store and local storage. */
export function getAppRequestContext(): RequestContext {
  const state = appStore.getState()
  return {
    deviceId: state.deviceId ?? readStorage(STORAGE_KEYS.deviceUuid),
    deviceToken: readStorage(STORAGE_KEYS.deviceToken),
    platform: getPlatform(),
    appType: state.appType,
    selectedStoreId: state.selectedStoreId,
    cartId: readStorage(STORAGE_KEYS.cartToken),
    selectedAddressId: state.selectedAddressId,
    device: getLoadedNativeDeviceInfo(),
  }
}

/** The app's single HTTP client. Feature `api/` files call it; nothing else talks to the API. */
export const http = createHttpClient({
  getContext: getAppRequestContext,
  onAuthForbidden: handleAuthForbidden,
})
