import { useForm } from '@mantine/form'
import { act, renderHook } from '@testing-library/react'
import type { ChangeEvent } from 'react'
import { describe, expect, test } from 'vitest'

import { useHandleFromName } from '@/components/form/use-handle-from-name'

const typed = (value: string) =>
  ({ currentTarget: { value } }) as unknown as ChangeEvent<HTMLInputElement>

function renderNameAndHandle(touchedAtStart: boolean, handle = '') {
  return renderHook(() => {
    const form = useForm({ initialValues: { name: '', handle } })
    return { form, fields: useHandleFromName(form, 'name', touchedAtStart) }
  })
}

describe('useHandleFromName', () => {
  test('the name writes the handle until the handle is typed by hand', () => {
    const { result } = renderNameAndHandle(false)
    act(() => result.current.fields.nameInputProps.onChange(typed('Almacén Don Tito')))
    expect(result.current.form.getValues()).toEqual({
      name: 'Almacén Don Tito',
      handle: 'almacen-don-tito',
    })
    act(() => result.current.fields.handleInputProps.onChange(typed('Don Tito Ñ')))
    act(() => result.current.fields.nameInputProps.onChange(typed('Almacén Don Tito 2')))
    expect(result.current.form.getValues().handle).toBe('Don Tito Ñ')
    // Leaving the handle field turns what was typed into a handle.
    act(() => result.current.fields.handleInputProps.onBlur())
    expect(result.current.form.getValues().handle).toBe('don-tito-n')
  })

  test('an existing record keeps its handle when the name changes', () => {
    const { result } = renderNameAndHandle(true, 'la-esquina')
    act(() => result.current.fields.nameInputProps.onChange(typed('Otra esquina')))
    expect(result.current.form.getValues()).toEqual({ name: 'Otra esquina', handle: 'la-esquina' })
  })
})
