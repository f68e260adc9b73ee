import { MantineProvider } from '@mantine/core'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'

import { RouteFocus } from '@/components/a11y/route-focus'

function Shell() {
  return (
    <>
      <RouteFocus />
      <nav>
        <Link to="/checkout">Ir a pagar</Link> <Link to="/later">Más tarde</Link>{' '}
        <Link to="/form">Formulario</Link>
        <input aria-label="Tienda seleccionada" />
      </nav>
      <main id="contenido" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  )
}

/** A page whose heading arrives after its data, as lazy pages do. */
function LatePage() {
  const [ready, setReady] = useState(false)
  if (!ready) setTimeout(() => setReady(true), 50)
  return ready ? <h1>Llegó tarde</h1> : <p>Cargando…</p>
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <h1>Inicio</h1> },
          { path: '/checkout', element: <h1>Finalizar compra</h1> },
          { path: '/later', element: <LatePage /> },
          {
            path: '/form',
            element: (
              <>
                <h1>Tus datos</h1>
                <input aria-label="Nombre" autoFocus />
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return router
}

describe('focus follows navigation', () => {
  test('arriving at a page moves focus to its heading, not on the first load', async () => {
    renderAt('/')
    expect(screen.getByRole('heading', { name: 'Inicio' })).not.toHaveFocus()
    await userEvent.click(screen.getByRole('link', { name: 'Ir a pagar' }))
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Finalizar compra' })).toHaveFocus(),
    )
  })

  test('a heading that renders late still receives focus', async () => {
    renderAt('/')
    await userEvent.click(screen.getByRole('link', { name: 'Más tarde' }))
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Llegó tarde' })).toHaveFocus())
  })

  test('focus the page itself placed in a field stays there', async () => {
    renderAt('/')
    await userEvent.click(screen.getByRole('link', { name: 'Formulario' }))
    const field = screen.getByRole('textbox', { name: 'Nombre' })
    await waitFor(() => expect(field).toHaveFocus())
    // A few frames later it is still the field: the heading does not take it away.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(field).toHaveFocus()
  })

  test('a control the user focuses in the header while the page loads keeps the focus', async () => {
    renderAt('/')
    await userEvent.click(screen.getByRole('link', { name: 'Más tarde' }))
    const switcher = screen.getByRole('textbox', { name: 'Tienda seleccionada' })
    switcher.focus()
    await screen.findByRole('heading', { name: 'Llegó tarde' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(switcher).toHaveFocus()
  })

  test('an open list the user opened before the new page committed keeps the focus', async () => {
    const router = renderAt('/')
    const switcher = screen.getByRole('textbox', { name: 'Tienda seleccionada' })
    // The switcher was focused and opened before the navigation's effect ran (a transition).
    switcher.setAttribute('aria-expanded', 'true')
    switcher.focus()
    await act(() => router.navigate('/later'))
    await screen.findByRole('heading', { name: 'Llegó tarde' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(switcher).toHaveFocus()
  })

  test('a click while the page loads ends the attempt to move focus', async () => {
    renderAt('/')
    const link = screen.getByRole('link', { name: 'Más tarde' })
    await userEvent.click(link)
    // The link keeps focus (as `before`); the user then clicks something that takes no focus.
    await userEvent.click(screen.getByRole('navigation'))
    await screen.findByRole('heading', { name: 'Llegó tarde' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.getByRole('heading', { name: 'Llegó tarde' })).not.toHaveFocus()
  })
})
