import { slugify } from '@barrio/contracts/slug'
import type { UseFormReturnType } from '@mantine/form'
import type { ChangeEvent } from 'react'
import { useState } from 'react'

/**
 * A name field that writes the URL handle while the seller has not typed one (stores, products,
 * collections): typing the name slugifies it into `handle` until the handle field is edited by
 * hand; leaving the handle field slugifies what was typed there.
 */
export function useHandleFromName<Values extends { handle: string }, Name extends keyof Values>(
  form: UseFormReturnType<Values>,
  nameField: Name & string,
  touchedAtStart: boolean,
) {
  const [touched, setTouched] = useState(touchedAtStart)
  return {
    nameInputProps: {
      ...form.getInputProps(nameField),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const name = event.currentTarget.value
        form.setValues(
          (current) =>
            ({
              [nameField]: name,
              handle: touched ? current.handle : slugify(name),
            }) as Partial<Values>,
        )
      },
    },
    handleInputProps: {
      ...form.getInputProps('handle'),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setTouched(true)
        form.setFieldValue('handle' as never, event.currentTarget.value as never)
      },
      onBlur: () =>
        form.setFieldValue('handle' as never, slugify(form.getValues().handle) as never),
    },
  }
}
