/**
 * What index.html's inline script asked for before the JavaScript loaded: the session check of app
 * start (`GET /auth/session?optional=true`). The answer is the API's JSON body of a 200 — the user,
 * or `{ user: null }` for a visitor — or null when the request failed or was refused (then the app
 * asks again itself, and its HTTP client handles the refusal: a dead session's 403, spec section 6).
 */
declare global {
  interface Window {
    __barrioSession?: Promise<unknown>
  }
}

/** Takes the early answer once; later checks (a sign-in, the native handoff) ask the server. */
export function takeEarlySession(): Promise<unknown> | null {
  const early = window.__barrioSession
  delete window.__barrioSession
  return early ?? null
}
