import { REQUEST_RETRY } from '@barrio/contracts/constants'
import type { AxiosError } from 'axios'
import { getConfig, shouldRetryRequest, type RetryConfig } from 'retry-axios'

/**
 * Spec section 9: 3 retries with exponential backoff (base 100 ms), only 2 when no response came
 * back, on statuses 100-199, 429 and 500-599, for GET HEAD PUT OPTIONS DELETE, honouring a
 * Retry-After of at most 300000 ms. retry-axios 4 dropped `noResponseRetries`, so that limit
 * lives in `shouldRetry`.
 */
export function shouldRetry(error: AxiosError): boolean {
  if (!shouldRetryRequest(error)) return false
  if (!error.response) {
    const attempt = getConfig(error)?.currentRetryAttempt ?? 0
    return attempt < REQUEST_RETRY.noResponseRetries
  }
  return true
}

/** Whether spec section 9 retries an answer with this status (1xx, 429 and 5xx). */
export function isRetriedStatus(status: number): boolean {
  return REQUEST_RETRY.statusCodesToRetry.some(([min, max]) => status >= min && status <= max)
}

export function createRetryConfig(): RetryConfig {
  return {
    retry: REQUEST_RETRY.retries,
    retryDelay: REQUEST_RETRY.baseDelayMs,
    backoffType: 'exponential',
    httpMethodsToRetry: [...REQUEST_RETRY.methods],
    statusCodesToRetry: REQUEST_RETRY.statusCodesToRetry.map(([min, max]) => [min, max]),
    checkRetryAfter: true,
    maxRetryAfter: REQUEST_RETRY.maxRetryAfterMs,
    shouldRetry,
  }
}
