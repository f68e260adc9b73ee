import type { FiscalSettings } from '@barrio/contracts/invoicing'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { FiscalSection } from '@/features/admin-settings/components/fiscal-section'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { recordDownloads } from '@/testing/record-downloads'
import { renderWithProviders } from '@/testing/render'
import { signInSeller } from '@/testing/seller-fixtures'

const PATH = '/admin/store_settings_fiscal'
const saved: FiscalSettings = {
  legalName: 'Almacén Don José SRL',
  cuit: '20123456786',
  vatCondition: 'responsable_inscripto',
  fiscalAddress: 'Av. Corrientes 1234, CABA',
  grossIncomeNumber: '901-123456-7',
  activityStartDate: '2020-03-01',
  pointOfSale: 3,
  invoicingMode: 'manual',
  certificate: { status: 'awaiting_certificate', notAfter: null, hasCsr: true },
}
const notFound = { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }

describe('Impuestos: Factura electrónica (ARCA)', () => {
  test('saves the fiscal data and shows the API field error under its field', async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (url !== PATH) return notFound
      if (method === 'GET') return { status: 200, data: { settings: null } }
      return {
        status: 409,
        data: {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Para facturar solo, subí primero el certificado de ARCA.',
          errors: [
            {
              name: 'invoicingMode',
              message: 'Para facturar solo, subí primero el certificado de ARCA.',
            },
          ],
        },
      }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<FiscalSection />)

    const form = await screen.findByRole('form', { name: 'Datos fiscales' })
    // Nothing saved yet: the certificate waits for the CUIT.
    expect(screen.getByText(/Guardá primero los datos fiscales/)).toBeInTheDocument()

    await user.click(within(form).getByRole('button', { name: 'Guardar datos fiscales' }))
    expect(await within(form).findByText('Ingresá la razón social')).toBeInTheDocument()
    expect(within(form).getByText('Elegí la condición frente al IVA')).toBeInTheDocument()
    expect(adapter.calls.filter((c) => c.method === 'PUT')).toHaveLength(0)

    await user.type(within(form).getByRole('textbox', { name: /Razón social/ }), saved.legalName)
    const cuit = within(form).getByRole('textbox', { name: /CUIT/ })
    await user.type(cuit, '20-12345678-5')
    await user.click(within(form).getByRole('button', { name: 'Guardar datos fiscales' }))
    expect(
      await within(form).findByText('El CUIT no es válido (revisá el dígito verificador)'),
    ).toBeInTheDocument()
    await user.clear(cuit)
    await user.type(cuit, '20-12345678-6')
    await user.click(within(form).getByRole('combobox', { name: /Condición frente al IVA/ }))
    await user.click(await screen.findByRole('option', { name: 'IVA Responsable Inscripto' }))
    await user.type(
      within(form).getByRole('textbox', { name: /Domicilio fiscal/ }),
      saved.fiscalAddress,
    )
    await user.type(
      within(form).getByRole('textbox', { name: /Ingresos Brutos/ }),
      saved.grossIncomeNumber,
    )
    await user.type(within(form).getByLabelText(/Inicio de actividades/), '2020-03-01')
    await user.type(within(form).getByRole('textbox', { name: /Punto de venta/ }), '3')
    await user.click(within(form).getByRole('radio', { name: 'Facturar solo cada pedido pagado' }))
    await user.click(within(form).getByRole('button', { name: 'Guardar datos fiscales' }))

    const radios = within(form).getByRole('radiogroup', { name: 'Cuándo facturar' })
    // Under the field itself, not only as the form's message.
    await waitFor(() =>
      expect(radios).toHaveAccessibleDescription(
        'Para facturar solo, subí primero el certificado de ARCA.',
      ),
    )
    const put = adapter.calls.find((c) => c.method === 'PUT')
    expect(put?.data).toEqual({
      legalName: saved.legalName,
      cuit: '20123456786',
      vatCondition: 'responsable_inscripto',
      fiscalAddress: saved.fiscalAddress,
      grossIncomeNumber: saved.grossIncomeNumber,
      activityStartDate: '2020-03-01',
      pointOfSale: 3,
      invoicingMode: 'automatic',
    })
  })

  test('the CSR downloads, and the certificate upload posts the file text', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'
    let uploads = 0
    const adapter = createFakeAdapter(({ method, url, data }) => {
      if (method === 'GET' && url === PATH) return { status: 200, data: { settings: saved } }
      if (method === 'GET' && url === `${PATH}/csr`)
        return { status: 200, data: new Blob(['-----BEGIN CERTIFICATE REQUEST-----']) }
      if (method === 'POST' && url === `${PATH}/certificate`) {
        uploads += 1
        if (uploads === 1)
          return {
            status: 400,
            data: {
              statusCode: 400,
              code: 'INVALID',
              message: 'Revisá los datos.',
              errors: [
                {
                  name: 'certificatePem',
                  message: 'El certificado no corresponde a la última solicitud que generaste',
                },
              ],
            },
          }
        expect(data).toEqual({ certificatePem: pem })
        return {
          status: 200,
          data: {
            ...saved,
            certificate: { status: 'active', notAfter: '2028-11-01T12:00:00.000Z', hasCsr: true },
          },
        }
      }
      return notFound
    })
    http.defaults.adapter = adapter
    signInSeller()
    const downloads = recordDownloads()
    const user = userEvent.setup({ delay: null })
    const { container } = renderWithProviders(<FiscalSection />)

    expect(await screen.findByTestId('certificate-status')).toHaveTextContent(
      'Esperando el certificado de ARCA',
    )
    expect(
      screen.getByRole('link', { name: 'Administración de certificados digitales' }),
    ).toHaveAttribute('href', 'https://auth.afip.gob.ar/contribuyente_/login.xhtml')

    await user.click(screen.getByRole('button', { name: 'Descargar CSR' }))
    await waitFor(() => expect(downloads.map((d) => d.fileName)).toEqual(['barrio-arca.csr']))

    // Without a file: asked for one, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Subir certificado' }))
    expect(
      await screen.findByText('Elegí el archivo del certificado que te dio ARCA'),
    ).toBeInTheDocument()

    const input = container.querySelector<HTMLInputElement>('input[type="file"]')
    expect(input).not.toBeNull()
    expect(input?.accept).toBe('.crt,.pem,.cer')
    await user.upload(input!, new File([pem], 'barrio.crt', { type: 'application/x-x509-ca-cert' }))
    await user.click(screen.getByRole('button', { name: 'Subir certificado' }))
    expect(
      await screen.findByText('El certificado no corresponde a la última solicitud que generaste'),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Subir certificado' }))
    await waitFor(() =>
      expect(screen.getByTestId('certificate-status')).toHaveTextContent(
        'Vigente hasta 01/11/2028',
      ),
    )
    const posts = adapter.calls.filter((c) => c.url === `${PATH}/certificate`)
    expect(posts.map((c) => c.data)).toEqual([{ certificatePem: pem }, { certificatePem: pem }])
    expect(posts[0]?.headers['x-store-id']).toBeTruthy()
  })
})
