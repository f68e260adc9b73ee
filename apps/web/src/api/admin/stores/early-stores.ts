/**
 * What index.html's inline script asked for before the JavaScript loaded, on a seller page: the
 * seller's stores, page 1 of `limit` (the API's JSON, or null when the request failed or was
 * refused).
 */
export type EarlyAdminStores = { limit: number; answer: Promise<unknown> }

declare global {
  interface Window {
    __barrioAdminStores?: EarlyAdminStores
  }
}

/**
 * Takes the early answer once, when it asked for what the app would (page 1 of `limit`): the
 * first load of the session's stores; later loads ask the API themselves.
 */
export function takeEarlyAdminStores(limit: number): Promise<unknown> | null {
  const early = window.__barrioAdminStores
  delete window.__barrioAdminStores
  return early && early.limit === limit ? early.answer : null
}
