import { expect, test } from './fixtures.ts'
import { FAKE_GEOREF_BLOCKS, fakeGeorefDoor } from '../../apps/api/test/fake-georef.ts'
import { closeLoginModal } from './support.ts'

/** The demo's Tostadero Soho (apps/api/src/seed/demo-catalogue.ts). */
const TOSTADERO = { latitude: -34.5889, longitude: -58.4306 }

/** The distance the app shows (spec section 9's haversine, features/catalog/utils/format.ts). */
function shownDistance(a: { latitude: number; longitude: number }, b: typeof a): string {
  const rad = (deg: number) => (deg * Math.PI) / 180
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) *
      Math.cos(rad(b.latitude)) *
      Math.sin(rad(b.longitude - a.longitude) / 2) ** 2
  const metres = 2 * 6371 * Math.asin(Math.sqrt(h)) * 1000
  return `a ${Math.max(10, Math.round(metres / 10) * 10)} m`
}

test('at 360 px a typed street and number lands on the door, and the shop a block away says so (issue 30)', async ({
  page,
}) => {
  await page.goto('/')
  await closeLoginModal(page)
  await page.getByRole('banner').getByRole('button', { name: 'Elegí tu dirección' }).click()
  await page
    .getByRole('combobox', { name: 'Buscá tu dirección o tu barrio' })
    .fill('Honduras 4800, Palermo')
  const door = page.getByRole('option', {
    name: 'Honduras 4800, Palermo, Ciudad Autónoma de Buenos Aires, Argentina',
  })
  await door.click()
  await expect(page.getByLabel(/^Calle/)).toHaveValue('Honduras')
  await expect(page.getByLabel(/^Altura/)).toHaveValue('4800')
  // The pin is on the door the geocoder found: no "approximate" warning, the map and its arrows.
  await expect(page.getByRole('region', { name: 'Mapa con el pin de tu puerta' })).toBeVisible()
  await expect(page.getByText('Ubicación aproximada')).toHaveCount(0)
  await page.getByRole('button', { name: 'Guardar dirección' }).click()
  await expect(
    page.getByRole('banner').getByRole('button', { name: /^Entregar en Honduras 4800/ }),
  ).toBeVisible()

  // The door the fake georef answers for Honduras 4800, and the distance the home shows from it.
  const honduras = FAKE_GEOREF_BLOCKS.find((b) => b.street === 'HONDURAS')!
  const point = fakeGeorefDoor(honduras, 4800)
  const home = { latitude: point.lat, longitude: point.lon }
  const shops = page.getByRole('region', { name: 'Comercios cerca tuyo' })
  await expect(
    shops.getByRole('article').filter({ hasText: 'Tostadero Soho' }).first(),
  ).toContainText(shownDistance(home, TOSTADERO))
})
