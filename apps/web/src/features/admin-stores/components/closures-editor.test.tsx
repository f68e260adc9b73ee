import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'

import { ClosuresEditor } from '@/features/admin-stores/components/closures-editor'
import {
  emptyStoreValues,
  validateStoreValues,
  valuesToInput,
  type ClosureValues,
} from '@/features/admin-stores/utils/store-form'
import { renderWithProviders } from '@/testing/render'

function Harness({ onValue }: { onValue: (closures: ClosureValues[], holidays: boolean) => void }) {
  const [closures, setClosures] = useState<ClosureValues[]>([])
  const [holidays, setHolidays] = useState(false)
  onValue(closures, holidays)
  return (
    <ClosuresEditor
      value={closures}
      onChange={setClosures}
      openOnHolidays={holidays}
      onOpenOnHolidaysChange={setHolidays}
      errors={{ 'closures.0.to': 'La fecha de fin no puede ser anterior a la de inicio' }}
    />
  )
}

describe('closures and holidays (issue 26)', () => {
  test('the seller adds a closure from the keyboard, names it, removes it, and opens on holidays', async () => {
    const user = userEvent.setup({ delay: null })
    let latest: { closures: ClosureValues[]; holidays: boolean } = { closures: [], holidays: false }
    renderWithProviders(
      <Harness onValue={(closures, holidays) => (latest = { closures, holidays })} />,
    )
    expect(screen.getByText(/Sin cierres programados/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Agregar cierre' }))
    await user.type(screen.getByLabelText('Cierre 1: desde'), '2026-12-20')
    await user.type(screen.getByLabelText('Cierre 1: hasta'), '2027-01-05')
    await user.type(screen.getByLabelText('Cierre 1: motivo'), 'Vacaciones')
    expect(latest.closures).toEqual([
      { from: '2026-12-20', to: '2027-01-05', reason: 'Vacaciones' },
    ])
    // The server's error shows under its field.
    expect(screen.getByText('La fecha de fin no puede ser anterior a la de inicio')).toBeVisible()

    await user.click(screen.getByRole('switch', { name: /Abrimos en feriados/ }))
    expect(latest.holidays).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Quitar el cierre 1' }))
    expect(latest.closures).toEqual([])
  })

  test('an incomplete closure is flagged before sending; a complete one is sent trimmed', () => {
    const values = {
      ...emptyStoreValues(),
      closures: [{ from: '2026-12-20', to: '', reason: ' Inventario ' }],
    }
    const checked = validateStoreValues(values)
    expect(checked.success).toBe(false)
    if (!checked.success)
      expect(checked.errors['closures.0.to']).toBe('Elegí el último día cerrado')

    const complete = {
      ...values,
      closures: [{ from: '2026-12-20', to: '2026-12-21', reason: ' Inventario ' }],
      openOnHolidays: true,
    }
    expect(valuesToInput(complete)).toMatchObject({
      closures: [{ from: '2026-12-20', to: '2026-12-21', reason: 'Inventario' }],
      openOnHolidays: true,
    })
  })

  test('a range past midnight is allowed; only equal hours are wrong', () => {
    const values = emptyStoreValues()
    values.openingHours['5'] = { open: true, ranges: [['20:00', '02:00']] }
    values.openingHours['6'] = { open: true, ranges: [['09:00', '09:00']] }
    const checked = validateStoreValues(values)
    expect(checked.success).toBe(false)
    if (!checked.success) {
      expect(checked.errors['openingHours.5.0']).toBeUndefined()
      expect(checked.errors['openingHours.6.0']).toBe(
        'El horario de apertura y el de cierre no pueden ser iguales',
      )
    }
  })
})
