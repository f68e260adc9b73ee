import { deflateSync, crc32 } from 'node:zlib'
import { expect, test } from './fixtures.ts'
import { chooseAddress, closeLoginModal, signInFromModal } from './support.ts'

/** A real, decodable PNG of coloured noise (it does not compress, so uploads take a while). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(data.length + 12)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body) >>> 0, data.length + 8)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 3).fill(Buffer.from([r, g, b])),
  ])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// Caballito, CABA: the seller and the customer pick the same barrio in the place lookup, so the
// new shop sits on the customer's point.
const SHOP = { name: 'Almacén La Esquina de Caballito' }
const PRODUCT = 'Remera de algodón orgánico'

test('a seller opens a store, creates a product with two variants and two images, publishes it, and a customer nearby finds it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.goto('/')
  await signInFromModal(page, 'vendedor', 'Valeria')

  // The store: data, address and map point; pickup only (the form's default).
  await page.goto('/admin/stores/new')
  await page.getByLabel('Nombre del comercio').fill(SHOP.name)
  await expect(page.getByLabel('Identificador (URL)')).toHaveValue(
    'almacen-la-esquina-de-caballito',
  )
  await page.getByLabel(/^Calle/).fill('Av. Rivadavia')
  await page.getByLabel(/^Altura/).fill('5100')
  await page.getByLabel(/^Localidad/).fill('Ciudad Autónoma de Buenos Aires')
  // From the keyboard, as a seller tabbing through the form would.
  const province = page.getByRole('combobox', { name: 'Provincia' })
  await province.fill('Ciudad')
  await province.press('ArrowDown')
  await province.press('Enter')
  await expect(province).toHaveValue('Ciudad Autónoma de Buenos Aires')
  // The point: a place from the lookup and a confirmed pin, never typed coordinates.
  await page.getByLabel(/^Buscar la dirección del comercio/).fill('Caballito')
  await page.getByRole('button', { name: 'Buscar', exact: true }).click()
  await page
    .getByRole('button', { name: 'Usar Caballito, Ciudad Autónoma de Buenos Aires, Argentina' })
    .click()
  await page.getByRole('checkbox', { name: 'El pin marca la puerta de mi comercio' }).check()
  await page.getByRole('button', { name: 'Crear tienda' }).click()
  await expect(page.getByText(`Creaste la tienda ${SHOP.name}.`)).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/stores\/[0-9a-f-]+$/)

  // Work on the new store: pick it in the switcher, so every admin call names it.
  const switcher = page.getByRole('combobox', { name: 'Tienda seleccionada' })
  await switcher.click()
  await page.getByRole('option', { name: SHOP.name }).click()
  await expect(switcher).toHaveValue(SHOP.name)

  // The product: one option (Talle) with two values gives two variants, each with price and stock.
  await page.goto('/admin/inventory/products/new')
  await page.getByLabel(/^Título/).fill(PRODUCT)
  await page.getByRole('button', { name: 'Agregar opción' }).click()
  await page.getByLabel('Nombre de la opción 1').fill('Talle')
  const values = page.getByRole('combobox', { name: /^Valores de la opción 1/ })
  await values.fill('M')
  await values.press('Enter')
  await values.fill('L')
  await values.press('Enter')
  await page.getByLabel('Precio de M', { exact: true }).fill('15000')
  await page.getByLabel('Stock de M', { exact: true }).fill('8')
  await page.getByLabel('Precio de L', { exact: true }).fill('18500')
  await page.getByLabel('Stock de L', { exact: true }).fill('3')
  await page.getByRole('button', { name: 'Guardar producto' }).click()
  await expect(page).toHaveURL(/\/admin\/inventory\/products\/[0-9a-f-]+$/)
  await expect(page.getByText('Todo guardado')).toBeVisible()

  // Two images at once over a slow uplink (as from a shop's phone): the upload shows its
  // progress, then both appear.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 150 * 1024,
  })
  await page.getByLabel('Imágenes del producto').setInputFiles([
    { name: 'frente.png', mimeType: 'image/png', buffer: png(320, 320, [200, 60, 40]) },
    { name: 'espalda.png', mimeType: 'image/png', buffer: png(320, 320, [40, 90, 200]) },
  ])
  const progress = page.getByRole('progressbar', { name: 'Subiendo 2 imágenes' })
  await expect(page.getByText(/^Subiendo 2 imágenes… \d+ %$/)).toBeVisible()
  await expect(progress).toBeAttached()
  await expect(page.getByRole('button', { name: 'Eliminar la imagen 2' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(progress).toHaveCount(0)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })

  await page.getByRole('button', { name: 'Guardar y publicar' }).click()
  await expect(page.getByText('Todo guardado')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Guardar y publicar' })).toHaveCount(0)

  // A customer (another browser, signed out) in Caballito finds the shop and the product.
  const customer = await (await browser.newContext({ locale: 'es-AR' })).newPage()
  await customer.goto('/')
  await closeLoginModal(customer)
  await chooseAddress(customer, {
    search: 'caballito',
    place: 'Caballito, Ciudad Autónoma de Buenos Aires, Argentina',
    street: 'Av. Rivadavia',
    number: '5000',
  })

  const shops = customer.getByRole('region', { name: 'Comercios cerca tuyo' })
  await expect(shops.getByRole('article').first()).toContainText(SHOP.name)
  await shops.getByRole('link', { name: SHOP.name }).click()
  await expect(customer.getByRole('heading', { name: SHOP.name, level: 1 })).toBeVisible()
  await customer
    .getByRole('main')
    .getByRole('link', { name: new RegExp(PRODUCT) })
    .first()
    .click()
  await expect(customer.getByRole('heading', { name: PRODUCT, level: 1 })).toBeVisible()
  await expect(
    customer.getByRole('group', { name: 'Fotos del producto' }).getByRole('button'),
  ).toHaveCount(2)
  await expect(customer.getByTestId('product-price')).toContainText('15.000')
  const talle = customer.getByRole('group', { name: 'Talle' })
  await talle.getByText('L', { exact: true }).click()
  await expect(talle.getByRole('radio', { name: 'L' })).toBeChecked()
  await expect(customer.getByTestId('product-price')).toContainText('18.500')
  await customer.context().close()
})
