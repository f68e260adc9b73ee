import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'

import { ExternalSignInButtons } from '@/features/auth/components/external-sign-in-buttons'
import { renderWithProviders } from '@/testing/render'

describe('external sign-in buttons', () => {
  test('at 360 px the labels wrap instead of being cut off (issue 30)', () => {
    renderWithProviders(<ExternalSignInButtons />)
    const facebook = screen.getByRole('button', { name: /^Continuar con Facebook\s*Próximamente$/ })
    expect(facebook).toBeDisabled()
    // The button grows with its text, the text may break, and the badge keeps its width.
    expect(facebook).toHaveStyle({ height: 'auto' })
    const label = screen.getByText('Continuar con Facebook')
    expect(label).toHaveStyle({ whiteSpace: 'normal' })
    const badge = screen.getByText('Próximamente')
    const section = badge.closest('[data-position="right"]')
    expect(section).not.toBeNull()
    expect(section).toHaveStyle({ flexShrink: '0' })
    for (const name of ['Continuar con Google', 'Continuar con Apple']) {
      expect(screen.getByText(name)).toHaveStyle({ whiteSpace: 'normal' })
    }
  })
})
