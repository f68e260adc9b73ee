import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, onTestFinished, test, vi } from 'vitest'

import { CatalogImportModal } from '@/features/admin-products/components/catalog-import-modal'
import { ProductsList } from '@/features/admin-products/components/products-list'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderWithProviders } from '@/testing/render'
import { pageOf, signInSeller } from '@/testing/seller-fixtures'
import { WAIT } from '@/testing/wait'

const IMPORT = '44444444-4444-4444-8444-444444444444'

function importState(overrides: object) {
  return {
    _id: IMPORT,
    status: 'running',
    processed: 0,
    total: 3,
    created: 0,
    updated: 0,
    errors: [],
    images: { total: 0, done: 0 },
    createdAt: '2026-11-29T12:00:00.000Z',
    finishedAt: null,
    ...overrides,
  }
}

/** The import endpoints: a dry run with `errors`, then an import that runs and ends `finalState`. */
function fakeImport({ errors = [] as object[], states = [] as object[] } = {}) {
  let polls = 0
  const adapter = createFakeAdapter(({ method, url, config }) => {
    if (method === 'POST' && url === '/admin/products/import') {
      if ((config.params as { dryRun?: string } | undefined)?.dryRun === 'true')
        return { status: 200, data: { total: 3, errors } }
      return { status: 202, data: { importId: IMPORT } }
    }
    if (method === 'GET' && url === `/admin/imports/${IMPORT}`) {
      const state = states[Math.min(polls, states.length - 1)]
      polls++
      return { status: 200, data: importState(state ?? {}) }
    }
    return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
  })
  http.defaults.adapter = adapter
  return adapter
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

async function pickFile(
  user: ReturnType<typeof userEvent.setup>,
  file = new File(['handle;title;price\r\n'], 'catalogo.csv', { type: 'text/csv' }),
) {
  await screen.findByText('Importar productos desde un CSV o Excel', undefined, WAIT)
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
  await user.upload(input, file)
}

describe('Importar CSV o Excel', () => {
  test('takes an Excel .xlsx as well as a CSV, and sends it as the file', async () => {
    const adapter = fakeImport()
    signInSeller()
    renderWithProviders(<CatalogImportModal opened onClose={vi.fn()} />)
    const user = userEvent.setup()
    await screen.findByText('Importar productos desde un CSV o Excel', undefined, WAIT)
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    expect(input.accept.split(',')).toEqual(expect.arrayContaining(['.csv', '.xlsx']))
    expect(screen.getByText('Archivo CSV o Excel')).toBeInTheDocument()
    const xlsx = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'catalogo.xlsx', {
      type: XLSX_TYPE,
    })
    await pickFile(user, xlsx)
    await user.click(screen.getByRole('button', { name: 'Validar' }))
    await screen.findByText('3 filas sin errores. Ya podés importar.', undefined, WAIT)
    const sent = (adapter.calls.at(-1)!.data as FormData).get('file') as File
    expect(sent.name).toBe('catalogo.xlsx')
  })

  test('a file the API cannot read shows its Spanish message', async () => {
    const message =
      'No pudimos leer la planilla: el archivo .xlsx está dañado o no es de Excel. Guardala de nuevo (o como CSV) y subila.'
    http.defaults.adapter = createFakeAdapter(() => ({
      status: 400,
      data: { statusCode: 400, code: 'INVALID', message, errors: [{ name: 'file', message }] },
    }))
    signInSeller()
    renderWithProviders(<CatalogImportModal opened onClose={vi.fn()} />)
    const user = userEvent.setup()
    await pickFile(user, new File(['PK'], 'catalogo.xlsx', { type: XLSX_TYPE }))
    await user.click(screen.getByRole('button', { name: 'Validar' }))
    expect(await screen.findByRole('alert', undefined, WAIT)).toHaveTextContent(message)
  })

  test('once every row is written, the bar follows the images by URL until done', async () => {
    fakeImport({
      states: [
        { status: 'running', processed: 3, total: 3, created: 3, images: { total: 4, done: 1 } },
        {
          status: 'done',
          processed: 3,
          total: 3,
          created: 3,
          images: { total: 4, done: 4 },
          errors: [
            {
              row: 2,
              field: 'images',
              message:
                'Fila 2: no pudimos agregar la imagen https://x.test/a.png: el sitio respondió 404',
            },
          ],
          finishedAt: '2026-11-29T12:00:05.000Z',
        },
      ],
    })
    signInSeller()
    renderWithProviders(<CatalogImportModal opened onClose={vi.fn()} />)
    const user = userEvent.setup()
    await pickFile(user)
    await user.click(screen.getByRole('button', { name: 'Importar' }))
    await screen.findByText('Agregando las imágenes… 1 de 4', undefined, WAIT)
    expect(screen.getByRole('progressbar', { name: 'Progreso de la importación' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    )
    await screen.findByText(
      'Listo: 3 productos creados y 0 productos actualizados.',
      undefined,
      WAIT,
    )
    const table = screen.getByRole('table', { name: 'Errores por fila' })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '2images' + 'no pudimos agregar la imagen https://x.test/a.png: el sitio respondió 404',
    )
  })

  test('"Validar" lists each bad row with its column and message, and blocks the import', async () => {
    const adapter = fakeImport({
      errors: [
        {
          row: 3,
          field: 'price',
          message: 'Fila 3: el precio "doce" no es válido (ej.: 1.234,50)',
        },
        { row: 5, field: 'sku', message: 'Fila 5: el SKU "CAF-1" ya está en la fila 2' },
      ],
    })
    signInSeller()
    renderWithProviders(<CatalogImportModal opened onClose={vi.fn()} />)
    const user = userEvent.setup()
    await pickFile(user)
    await user.click(screen.getByRole('button', { name: 'Validar' }))

    const table = await screen.findByRole('table', { name: 'Errores por fila' }, WAIT)
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toHaveTextContent('3price' + 'el precio "doce" no es válido (ej.: 1.234,50)')
    expect(rows[2]).toHaveTextContent('5sku' + 'el SKU "CAF-1" ya está en la fila 2')
    expect(screen.getByText(/2 errores en 3 filas/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Importar' })).toBeDisabled()
    expect(adapter.calls.at(-1)!.params).toEqual({ dryRun: 'true' })
    expect(adapter.calls.at(-1)!.data).toBeInstanceOf(FormData)
  })

  test('"Importar" starts the import and follows its progress until done', async () => {
    const adapter = fakeImport({
      states: [
        { status: 'running', processed: 1, total: 3, created: 1 },
        {
          status: 'done',
          processed: 3,
          total: 3,
          created: 2,
          updated: 1,
          finishedAt: '2026-11-29T12:00:05.000Z',
        },
      ],
    })
    signInSeller()
    renderWithProviders(<CatalogImportModal opened onClose={vi.fn()} />)
    const user = userEvent.setup()
    await pickFile(user)
    await user.click(screen.getByRole('button', { name: 'Importar' }))

    const bar = await screen.findByRole('progressbar', { name: 'Progreso de la importación' }, WAIT)
    await screen.findByText('Importando… 1 de 3 filas', undefined, WAIT)
    expect(bar).toHaveAttribute('aria-valuenow', '33')
    await screen.findByText('Listo: 2 productos creados y 1 producto actualizado.', undefined, WAIT)
    expect(screen.getByRole('progressbar', { name: 'Progreso de la importación' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    )
    const posts = adapter.calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0]!.params).toBeUndefined()
  })

  test('a failed import shows the row that stopped it', async () => {
    fakeImport({
      states: [
        {
          status: 'failed',
          processed: 200,
          total: 202,
          created: 200,
          errors: [{ row: 202, field: '', message: 'No pudimos guardar estas filas.' }],
        },
      ],
    })
    signInSeller()
    renderWithProviders(<CatalogImportModal opened onClose={vi.fn()} />)
    const user = userEvent.setup()
    await pickFile(user)
    await user.click(screen.getByRole('button', { name: 'Importar' }))
    await screen.findByText(/La importación se detuvo: 200 productos creados/, undefined, WAIT)
    const table = screen.getByRole('table', { name: 'Errores por fila' })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '202—No pudimos guardar estas filas.',
    )
  })
})

describe('Exportar CSV', () => {
  test('the products list downloads the catalogue with `;` as catalogo.csv', async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url === '/admin/products') return { status: 200, data: pageOf([]) }
      if (method === 'GET' && url === '/admin/collections') return { status: 200, data: pageOf([]) }
      if (method === 'GET' && url === '/admin/products/export.csv')
        return { status: 200, data: 'handle;title', headers: { 'content-type': 'text/csv' } }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    // jsdom has no object URLs: stand-ins, put back after the test.
    const { createObjectURL, revokeObjectURL } = URL
    URL.createObjectURL = () => 'blob:catalogo'
    URL.revokeObjectURL = () => {}
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
    })
    const clicks: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download)
    })
    onTestFinished(() => click.mockRestore())
    signInSeller()
    renderWithProviders(<ProductsList />)
    const user = userEvent.setup({ delay: null })
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }, WAIT))
    await vi.waitFor(() => expect(clicks).toEqual(['catalogo.csv']), WAIT)
    const call = adapter.calls.find((c) => c.url === '/admin/products/export.csv')!
    expect(call.params).toEqual({ separator: 'semicolon' })
    expect(screen.getByRole('button', { name: 'Importar CSV o Excel' })).toBeInTheDocument()
  })
})
