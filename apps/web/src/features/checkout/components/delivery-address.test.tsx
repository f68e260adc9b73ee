import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'

import {
  CHANGE_ADDRESS_LABEL,
  DeliveryAddress,
  LOCATE_DOOR_LABEL,
  type RenderAddressChooser,
} from '@/features/checkout/components/delivery-address'
import { http } from '@/lib/http/client'
import { createFakeAdapter } from '@/testing/fake-adapter'
import { buildSummary } from '@/testing/ordering-fixtures'
import { renderWithProviders } from '@/testing/render'

const OTHER_ID = '33333333-3333-4333-8333-333333333333'

/** Stands in for the addresses feature's list: one button per address the page would offer. */
const chooser: RenderAddressChooser = ({ locate, onChoose }) => (
  <div>
    {locate ? <p>Editando el pin</p> : null}
    <button type="button" onClick={() => void onChoose({ _id: OTHER_ID })}>
      Trabajo
    </button>
  </div>
)

describe('the checkout’s delivery address', () => {
  test('another address is priced again for the same checkout (PUT address), without leaving it', async () => {
    const summary = buildSummary()
    const moved = buildSummary({
      shippingAddress: {
        _id: OTHER_ID,
        formattedAddress: 'Thames 640, Palermo',
        approximate: false,
      },
    })
    const adapter = createFakeAdapter(({ method, url }) =>
      method === 'PUT' && url === '/checkout/chk-1/address'
        ? { status: 200, data: moved }
        : { status: 404, data: { statusCode: 404, code: 'NOT_FOUND', message: 'No.' } },
    )
    http.defaults.adapter = adapter
    const user = userEvent.setup({ delay: null })
    renderWithProviders(
      <DeliveryAddress
        checkoutId="chk-1"
        address={summary.shippingAddress}
        renderChooser={chooser}
      />,
    )
    expect(screen.getByText(summary.shippingAddress!.formattedAddress)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: LOCATE_DOOR_LABEL })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: CHANGE_ADDRESS_LABEL }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Trabajo' }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(adapter.calls.find((c) => c.method === 'PUT')?.data).toEqual({
      shippingAddressId: OTHER_ID,
    })
  })

  test('an approximate address asks for the door and opens its pin', async () => {
    const summary = buildSummary({
      shippingAddress: { _id: OTHER_ID, formattedAddress: 'Palermo, CABA', approximate: true },
    })
    const user = userEvent.setup({ delay: null })
    renderWithProviders(
      <DeliveryAddress
        checkoutId="chk-1"
        address={summary.shippingAddress}
        renderChooser={chooser}
      />,
    )
    await user.click(screen.getByRole('button', { name: LOCATE_DOOR_LABEL }))
    expect(
      await within(await screen.findByRole('dialog')).findByText('Editando el pin'),
    ).toBeInTheDocument()
  })
})
