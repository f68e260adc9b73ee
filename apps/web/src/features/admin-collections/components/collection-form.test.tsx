import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { SAVE_BAR_LABELS } from '@/components/form/save-bar'
import {
  COLLECTION_FORM_LABELS,
  CollectionForm,
} from '@/features/admin-collections/components/collection-form'
import { http } from '@/lib/http/client'
import { getToasts } from '@/lib/toast'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { renderRouter } from '@/testing/render'
import { pageOf, signInSeller } from '@/testing/seller-fixtures'

const COLLECTION = {
  _id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
  title: 'Ofertas',
  handle: 'ofertas',
  description: '',
  imageUrl: null,
  position: 2,
  productIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('collection form', () => {
  test('an edit sends the collection with its position and a taken handle shows under its field', async () => {
    const adapter = createFakeAdapter(({ method, url }) => {
      if (method === 'GET' && url === '/admin/products') return { status: 200, data: pageOf([]) }
      if (method === 'PUT' && url === `/admin/collections/${COLLECTION._id}`) {
        return {
          status: 409,
          data: {
            statusCode: 409,
            code: 'CONFLICT',
            message: 'Ese identificador ya está en uso.',
            errors: [{ name: 'handle', message: 'Elegí otro identificador' }],
          },
        }
      }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '*', element: <CollectionForm collection={COLLECTION} /> }])

    const save = screen.getByRole('button', { name: COLLECTION_FORM_LABELS.save })
    expect(save).toBeDisabled()
    const handle = screen.getByLabelText(COLLECTION_FORM_LABELS.handle)
    await user.clear(handle)
    await user.type(handle, 'promos')
    await user.click(save)

    expect(await screen.findByText('Elegí otro identificador')).toBeInTheDocument()
    expect(handle).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('Ese identificador ya está en uso.')).toBeInTheDocument()
    expect(adapter.calls.find((c) => c.method === 'PUT')?.data).toEqual({
      title: 'Ofertas',
      handle: 'promos',
      description: '',
      imageUrl: null,
      position: 2,
      productIds: [],
    })
    expect(screen.getByText(SAVE_BAR_LABELS.dirty)).toBeInTheDocument()
  })

  test('a saved edit toasts and leaves nothing to save', async () => {
    const adapter = createFakeAdapter(({ method, url, data }) => {
      if (method === 'GET' && url === '/admin/products') return { status: 200, data: pageOf([]) }
      if (method === 'PUT') return { status: 200, data: { ...COLLECTION, ...(data as object) } }
      return { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } }
    })
    http.defaults.adapter = adapter
    signInSeller()
    const user = userEvent.setup({ delay: null })
    renderRouter([{ path: '*', element: <CollectionForm collection={COLLECTION} /> }])

    await user.type(screen.getByLabelText(COLLECTION_FORM_LABELS.description), 'Precios bajos')
    await user.click(screen.getByRole('button', { name: COLLECTION_FORM_LABELS.save }))

    await waitFor(() =>
      expect(getToasts('bottom').map((t) => t.message)).toContain(
        'Guardamos la colección Ofertas.',
      ),
    )
    expect(await screen.findByText(SAVE_BAR_LABELS.clean)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: COLLECTION_FORM_LABELS.save })).toBeDisabled()
  })
})
