import { TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'

import { validateWith } from '@/components/form/form-errors'
import { SAVE_BAR_LABELS } from '@/components/form/save-bar'
import { AppForm } from '@/components/form/app-form'
import { CHECK_FIELDS_MESSAGE, useAppForm } from '@/components/form/use-app-form'
import { UNSAVED_CHANGES_MESSAGE } from '@/components/form/use-unsaved-changes'
import { ApiError } from '@/lib/http/api-error'
import { getToasts } from '@/lib/toast'
import { expectConsoleWarn } from '@/testing/console-guard'
import { renderRouter } from '@/testing/render'

const schema = z.object({
  name: z.string().min(1, 'Ingresá el nombre'),
  address: z.object({ street: z.string() }),
  variants: z.array(z.object({ price: z.number().int().nonnegative() })),
})
type Shop = z.infer<typeof schema>

const SAVED: Shop = { name: 'Kiosco', address: { street: 'Mitre' }, variants: [{ price: 100 }] }

function ShopForm({ save }: { save: (input: Shop) => Promise<Shop> }) {
  const mutation = useMutation({ mutationFn: save })
  const appForm = useAppForm({
    initialValues: SAVED,
    validate: (values) => validateWith(schema, values),
    mutation,
    toValues: (saved) => saved,
    successMessage: (saved) => `Guardamos ${saved.name}.`,
  })
  const { form } = appForm
  return (
    <>
      <Link to="/otra">Ir a otra página</Link>
      <AppForm form={appForm} saveLabel="Guardar comercio">
        <TextInput label="Nombre" {...form.getInputProps('name')} />
        <TextInput label="Calle" {...form.getInputProps('address.street')} />
        <TextInput
          label="Precio"
          value={String(form.values.variants[0]?.price ?? '')}
          onChange={(e) => form.setFieldValue('variants.0.price', Number(e.currentTarget.value))}
          error={appForm.errorOf('variants.0.price')}
        />
      </AppForm>
    </>
  )
}

function renderShop(save: (input: Shop) => Promise<Shop>) {
  const user = userEvent.setup({ delay: null })
  const view = renderRouter(
    [
      { path: '/', element: <ShopForm save={save} /> },
      { path: '/otra', element: <p>Otra página</p> },
    ],
    { url: '/' },
  )
  return { user, ...view }
}

const saveButton = () => screen.getByRole('button', { name: 'Guardar comercio' })
const discardButton = () => screen.getByRole('button', { name: SAVE_BAR_LABELS.discard })

describe('form kit, edit mode', () => {
  test('the save bar is disabled while nothing changed and Descartar goes back', async () => {
    const { user } = renderShop(vi.fn())
    expect(saveButton()).toBeDisabled()
    expect(discardButton()).toBeDisabled()
    expect(screen.getByText(SAVE_BAR_LABELS.clean)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Nombre'), ' Central')
    expect(screen.getByText(SAVE_BAR_LABELS.dirty)).toBeInTheDocument()
    expect(saveButton()).toBeEnabled()

    await user.click(discardButton())
    expect(screen.getByLabelText('Nombre')).toHaveValue('Kiosco')
    expect(saveButton()).toBeDisabled()
  })

  test('contract errors stop the save and show under their fields', async () => {
    const save = vi.fn()
    const { user } = renderShop(save)
    await user.clear(screen.getByLabelText('Nombre'))
    await user.click(saveButton())

    expect(await screen.findByText(CHECK_FIELDS_MESSAGE)).toBeInTheDocument()
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription('Ingresá el nombre')
    expect(save).not.toHaveBeenCalled()
  })

  test('server field errors land under their fields, nested names included', async () => {
    const save = vi.fn().mockRejectedValue(
      new ApiError({
        statusCode: 422,
        code: 'UNPROCESSABLE_ENTITY',
        message: 'Hay datos para corregir.',
        errors: [
          { name: 'address.street', message: 'No encontramos esa calle' },
          { name: 'variants.0.price', message: 'El precio es demasiado alto' },
        ],
      }),
    )
    const { user } = renderShop(save)
    await user.type(screen.getByLabelText('Calle'), ' 123')
    await user.click(saveButton())

    expect(await screen.findByText('Hay datos para corregir.')).toBeInTheDocument()
    expect(screen.getByLabelText('Calle')).toHaveAccessibleDescription('No encontramos esa calle')
    expect(screen.getByLabelText('Precio')).toHaveAccessibleDescription(
      'El precio es demasiado alto',
    )
    expect(screen.getByLabelText('Nombre')).not.toHaveAttribute('aria-invalid', 'true')
    // Still dirty: nothing was saved.
    expect(screen.getByText(SAVE_BAR_LABELS.dirty)).toBeInTheDocument()
  })

  test('a successful save sends the body, toasts and makes the saved values the new baseline', async () => {
    const save = vi.fn((input: Shop) => Promise.resolve({ ...input, name: input.name.trim() }))
    const { user } = renderShop(save)
    await user.type(screen.getByLabelText('Nombre'), ' Central ')
    await user.click(saveButton())

    await waitFor(() =>
      expect(getToasts('bottom').map((t) => t.message)).toContain('Guardamos Kiosco Central.'),
    )
    expect(save.mock.calls[0]?.[0]).toEqual({ ...SAVED, name: 'Kiosco Central ' })
    expect(screen.getByLabelText('Nombre')).toHaveValue('Kiosco Central')
    expect(await screen.findByText(SAVE_BAR_LABELS.clean)).toBeInTheDocument()
    expect(saveButton()).toBeDisabled()

    // Pristine again: leaving asks nothing.
    await user.click(screen.getByRole('link', { name: 'Ir a otra página' }))
    expect(await screen.findByText('Otra página')).toBeInTheDocument()
  })

  test('with unsaved changes, leaving asks first: stay keeps the form, confirm leaves', async () => {
    const { user, router } = renderShop(vi.fn())
    await user.type(screen.getByLabelText('Nombre'), ' Central')

    await user.click(screen.getByRole('link', { name: 'Ir a otra página' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(UNSAVED_CHANGES_MESSAGE)).toBeInTheDocument()
    // The spec's buttons, each said for what it does: "Descartar" keeps the changes (issue 30).
    expect(dialog).toHaveTextContent('Confirmar sale de la página y los cambios se pierden.')
    expect(dialog).toHaveTextContent('Descartar te deja en la página con tus cambios.')
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByLabelText('Nombre')).toHaveValue('Kiosco Central')

    await user.click(screen.getByRole('link', { name: 'Ir a otra página' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }),
    )
    expect(await screen.findByText('Otra página')).toBeInTheDocument()
  })

  test('while a save is in flight the guard lets the seller leave', async () => {
    const { user } = renderShop(() => new Promise<Shop>(() => {}))
    await user.type(screen.getByLabelText('Nombre'), ' Central')
    await user.click(saveButton())
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-loading', 'true'))

    await user.click(screen.getByRole('link', { name: 'Ir a otra página' }))
    expect(await screen.findByText('Otra página')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  test('with several forms on a page, changes in any of them guard the page', async () => {
    // Two edit forms are two blockers: React Router consults the last one and says so on each
    // navigation; every blocker asks whether any form on the page holds changes.
    expectConsoleWarn(/^A router only supports one blocker at a time$/)
    const user = userEvent.setup({ delay: null })
    renderRouter([
      {
        path: '/',
        element: (
          <>
            <ShopForm save={vi.fn()} />
            <ShopForm save={vi.fn()} />
          </>
        ),
      },
      { path: '/otra', element: <p>Otra página</p> },
    ])
    // React Router consults only the last blocker registered: change the first form.
    await user.type(screen.getAllByLabelText('Nombre')[0]!, ' Central')
    await user.click(screen.getAllByRole('link', { name: 'Ir a otra página' })[1]!)
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(UNSAVED_CHANGES_MESSAGE)).toBeInTheDocument()
  })

  test('with unsaved changes, closing the tab asks the browser to confirm', async () => {
    const { user } = renderShop(vi.fn())
    const before = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(before)
    expect(before.defaultPrevented).toBe(false)

    await user.type(screen.getByLabelText('Nombre'), ' Central')
    const after = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(true)
  })
})

const inviteSchema = z.object({ email: z.email('Ingresá un correo válido') })
type Invite = z.infer<typeof inviteSchema>

function InviteForm({ send }: { send: (input: Invite) => Promise<{ sent: true }> }) {
  const mutation = useMutation({ mutationFn: send })
  const appForm = useAppForm({
    mode: 'submit',
    initialValues: { email: '' },
    validate: (values) => validateWith(inviteSchema, values),
    mutation,
    resetOnSuccess: true,
    successMessage: 'Invitación enviada.',
  })
  return (
    <>
      <Link to="/otra">Ir a otra página</Link>
      <AppForm form={appForm} label="Invitar" submitLabel="Invitar">
        <TextInput label="Correo" {...appForm.inputProps('email')} />
      </AppForm>
    </>
  )
}

function renderInvite(send: (input: Invite) => Promise<{ sent: true }>) {
  const user = userEvent.setup({ delay: null })
  renderRouter(
    [
      { path: '/', element: <InviteForm send={send} /> },
      { path: '/otra', element: <p>Otra página</p> },
    ],
    { url: '/' },
  )
  return { user }
}

describe('form kit, submit mode', () => {
  test('Enter submits; a server field error lands under its field, the message above the button', async () => {
    const send = vi.fn().mockRejectedValue(
      new ApiError({
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Esa persona ya está en el equipo.',
        errors: [{ name: 'email', message: 'Ya es parte del equipo' }],
      }),
    )
    const { user } = renderInvite(send)
    expect(screen.queryByRole('button', { name: SAVE_BAR_LABELS.discard })).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Correo'), 'ana@example.com{Enter}')

    expect(await screen.findByRole('alert')).toHaveTextContent('Esa persona ya está en el equipo.')
    expect(screen.getByLabelText('Correo')).toHaveAccessibleDescription('Ya es parte del equipo')
    expect(send).toHaveBeenCalledWith({ email: 'ana@example.com' }, expect.anything())
  })

  test('contract errors show in Spanish and nothing is sent', async () => {
    const send = vi.fn()
    const { user } = renderInvite(send)
    await user.type(screen.getByLabelText('Correo'), 'ana{Enter}')
    expect(await screen.findByText(CHECK_FIELDS_MESSAGE)).toBeInTheDocument()
    expect(screen.getByLabelText('Correo')).toHaveAccessibleDescription('Ingresá un correo válido')
    expect(send).not.toHaveBeenCalled()
  })

  test('typed values do not guard the page in submit mode', async () => {
    const send = vi.fn().mockResolvedValue({ sent: true })
    const { user } = renderInvite(send)
    await user.type(screen.getByLabelText('Correo'), 'ana@example.com')
    await user.click(screen.getByRole('link', { name: 'Ir a otra página' }))
    expect(await screen.findByText('Otra página')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  test('a success toasts and the fields go back to empty', async () => {
    const send = vi.fn().mockResolvedValue({ sent: true })
    const { user } = renderInvite(send)
    await user.type(screen.getByLabelText('Correo'), 'ana@example.com')
    await user.click(screen.getByRole('button', { name: 'Invitar' }))
    await waitFor(() =>
      expect(getToasts('bottom').map((t) => t.message)).toContain('Invitación enviada.'),
    )
    expect(screen.getByLabelText('Correo')).toHaveValue('')
  })
})
