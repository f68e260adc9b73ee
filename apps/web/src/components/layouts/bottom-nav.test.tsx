import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { BottomNav, BottomNavButton } from '@/components/layouts/bottom-nav'
import { renderWithProviders } from '@/testing/render'

describe('BottomNav', () => {
  test('is a named landmark whose tabs reach every customer area and mark the current one', () => {
    renderWithProviders(<BottomNav />, { url: '/orders/abc' })
    const nav = screen.getByRole('navigation', { name: 'Navegación del teléfono' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Inicio', '/'],
      ['Comercios', '/shops'],
      ['Pedidos', '/orders'],
      ['Cuenta', '/account'],
    ])
    expect(within(nav).getByRole('link', { name: 'Pedidos' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    // Home is active on "/" only, not on every page below it.
    expect(within(nav).getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current')
  })

  test('the cart slot sits between the orders and account tabs and acts on click', async () => {
    const onClick = vi.fn()
    renderWithProviders(
      <BottomNav
        cart={
          <BottomNavButton
            label="Carrito"
            accessibleLabel="Carrito, 2 productos"
            icon={null}
            onClick={onClick}
          />
        }
      />,
      { url: '/' },
    )
    const nav = screen.getByRole('navigation', { name: 'Navegación del teléfono' })
    const items = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual(['Inicio', 'Comercios', 'Pedidos', 'Carrito', 'Cuenta'])
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await userEvent.click(within(nav).getByRole('button', { name: 'Carrito, 2 productos' }))
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
