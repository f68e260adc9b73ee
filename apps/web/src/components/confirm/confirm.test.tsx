import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import { confirm } from '@/components/confirm/confirm'
import { renderWithProviders } from '@/testing/render'

describe('confirm popup', () => {
  test('shows the title, message and small text, and resolves true on Confirmar', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<div />)
    const answer = confirm({
      message: '¿Querés cancelar el pedido?',
      smallText: 'No se puede deshacer.',
    })

    expect(await screen.findByText('Esta seguro?')).toBeInTheDocument()
    expect(screen.getByText('¿Querés cancelar el pedido?')).toBeInTheDocument()
    expect(screen.getByText('No se puede deshacer.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))

    await expect(answer).resolves.toBe(true)
  })

  test('resolves false on Descartar', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<div />)
    const answer = confirm({ message: '¿Borrar la dirección?' })
    await user.click(await screen.findByRole('button', { name: 'Descartar' }))
    await expect(answer).resolves.toBe(false)
  })

  test('resolves false when closed with Escape', async () => {
    const user = userEvent.setup({ delay: null })
    renderWithProviders(<div />)
    const answer = confirm({ message: '¿Salir?' })
    await screen.findByText('¿Salir?')
    await user.keyboard('{Escape}')
    await expect(answer).resolves.toBe(false)
    await waitFor(() => expect(screen.queryByText('¿Salir?')).not.toBeInTheDocument())
  })
})
