import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { StoreOpenSwitch } from '@/features/admin-stores/components/store-open-switch'
import { renderWithProviders } from '@/testing/render'
import { buildAdminStore } from '@/testing/seller-fixtures'

const labels = { open: 'Tienda abierta', closed: 'Tienda cerrada' }

describe('the open/closed switch', () => {
  test('its visible label says the state it is in (issue 30)', async () => {
    const closed = buildAdminStore({ name: 'Tostadero Soho', isOpen: false })
    const view = renderWithProviders(<StoreOpenSwitch store={closed} labels={labels} />)
    const toggle = await screen.findByRole('switch', { name: 'Tostadero Soho abierta' })
    expect(toggle).not.toBeChecked()
    expect(screen.getByText('Tienda cerrada')).toBeInTheDocument()
    expect(screen.queryByText('Tienda abierta')).not.toBeInTheDocument()

    view.unmount()
    renderWithProviders(<StoreOpenSwitch store={{ ...closed, isOpen: true }} labels={labels} />)
    expect(await screen.findByRole('switch', { name: 'Tostadero Soho abierta' })).toBeChecked()
    expect(screen.getByText('Tienda abierta')).toBeInTheDocument()
  })

  test('without labels it reads Abierta / Cerrada', async () => {
    renderWithProviders(<StoreOpenSwitch store={buildAdminStore({ isOpen: false })} />)
    expect(await screen.findByText('Cerrada')).toBeInTheDocument()
  })
})
