/**
 * Leaves the app for another site (Mercado Pago's checkout). One place, so tests can replace it:
 * jsdom's `location.assign` cannot be spied on.
 */
export function redirectTo(url: string): void {
  window.location.assign(url)
}
