import { useId } from 'react'

import classes from './auth-view-switch.module.css'

export type AuthViewOption<V extends string> = { value: V; label: string }

/**
 * Two or more views as one radio group that looks like a segmented control ("Ingresar" / "Crear
 * cuenta"). Mantine's SegmentedControl measures its items with getBoundingClientRect to slide its
 * indicator, and in the login modal a visitor gets on start those forced layouts were the largest
 * part of the modal's first commit on a phone (issue 10, blocking time): native radios styled with
 * CSS give the same keyboard behaviour (arrows move the choice) without measuring anything.
 */
export function AuthViewSwitch<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: V
  options: AuthViewOption<V>[]
  onChange: (value: V) => void
}) {
  const name = useId()
  return (
    <fieldset className={classes.root} aria-label={label}>
      {options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
