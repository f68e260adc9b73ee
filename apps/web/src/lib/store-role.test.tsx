import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { AdminLayout } from '@/components/layouts/admin-layout'
import { PermissionGate, StoreRoleProvider, useCan } from '@/lib/store-role'
import { renderWithProviders } from '@/testing/render'

function navLabels() {
  const nav = screen.getByRole('navigation', { name: 'Secciones del vendedor' })
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent?.trim())
}

function PriceField() {
  const canSetPrices = useCan('prices')
  return <input aria-label="Precio" disabled={!canSetPrices} />
}

describe('role gating in the seller back office (decision 029)', () => {
  test('staff see orders, stock and customers, not settings, payments, analytics nor the team', () => {
    renderWithProviders(
      <StoreRoleProvider role="staff">
        <AdminLayout>
          <p>contenido</p>
        </AdminLayout>
      </StoreRoleProvider>,
    )
    const labels = navLabels()
    expect(labels).toEqual(
      expect.arrayContaining(['Panel', 'Pedidos', 'Inventario', 'Productos', 'Clientes']),
    )
    for (const hidden of ['Configuración', 'Pagos', 'Analíticas', 'Colaboradores'])
      expect(labels).not.toContain(hidden)
  })

  test('a manager sees everything but the team; the owner everything', () => {
    const { unmount } = renderWithProviders(
      <StoreRoleProvider role="manager">
        <AdminLayout>
          <p>contenido</p>
        </AdminLayout>
      </StoreRoleProvider>,
    )
    expect(navLabels()).toEqual(expect.arrayContaining(['Configuración', 'Pagos', 'Analíticas']))
    expect(navLabels()).not.toContain('Colaboradores')
    unmount()
    renderWithProviders(
      <StoreRoleProvider role="owner">
        <AdminLayout>
          <p>contenido</p>
        </AdminLayout>
      </StoreRoleProvider>,
    )
    expect(navLabels()).toContain('Colaboradores')
  })

  test('a page the role may not open says why instead of showing it', () => {
    renderWithProviders(
      <StoreRoleProvider role="staff">
        <PermissionGate permission="settings">
          <p>Formulario de envíos</p>
        </PermissionGate>
        <PriceField />
      </StoreRoleProvider>,
    )
    expect(screen.queryByText('Formulario de envíos')).toBeNull()
    expect(
      screen.getByText(
        'Solo el dueño o un encargado pueden cambiar la configuración. Tu rol en este comercio: Personal.',
      ),
    ).toBeTruthy()
    expect(screen.getByLabelText('Precio')).toHaveProperty('disabled', true)
  })

  test('while the role is unknown nothing is hidden (the API still decides)', () => {
    renderWithProviders(
      <StoreRoleProvider role={null}>
        <PermissionGate permission="analytics">
          <p>Cifras</p>
        </PermissionGate>
        <PriceField />
      </StoreRoleProvider>,
    )
    expect(screen.getByText('Cifras')).toBeTruthy()
    expect(screen.getByLabelText('Precio')).toHaveProperty('disabled', false)
  })
})
