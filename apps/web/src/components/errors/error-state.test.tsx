import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'

import { ErrorState, RETRY_LABEL } from '@/components/errors/error-state'
import { ApiError } from '@/lib/http/api-error'
import { renderWithProviders } from '@/testing/render'

describe('ErrorState, the one failed-load block', () => {
  test("says what failed with the server's Spanish message, and Reintentar loads again", async () => {
    const onRetry = vi.fn()
    renderWithProviders(
      <ErrorState
        title="No pudimos cargar tus pedidos"
        error={
          new ApiError({
            statusCode: 503,
            code: 'INTERNAL_SERVER_ERROR',
            message: 'Servicio en mantenimiento.',
          })
        }
        onRetry={onRetry}
      />,
    )
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('No pudimos cargar tus pedidos')).toBeInTheDocument()
    expect(within(alert).getByText('Servicio en mantenimiento.')).toBeInTheDocument()
    await userEvent.click(within(alert).getByRole('button', { name: RETRY_LABEL }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  test('a retry under way cannot be pressed again; without onRetry there is no button', async () => {
    const onRetry = vi.fn()
    const { unmount } = renderWithProviders(
      <ErrorState
        error={new Error('x')}
        message="Revisá tu conexión."
        onRetry={onRetry}
        retrying
      />,
    )
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Revisá tu conexión.')).toBeInTheDocument()
    expect(within(alert).getByRole('button', { name: RETRY_LABEL })).toBeDisabled()
    unmount()

    renderWithProviders(<ErrorState error={new Error('Falló la carga.')} />)
    const plain = await screen.findByRole('alert')
    expect(within(plain).getByText('No pudimos cargar los datos')).toBeInTheDocument()
    expect(within(plain).queryByRole('button')).not.toBeInTheDocument()
  })
})
