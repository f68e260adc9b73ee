import { useForm, type UseFormReturnType } from '@mantine/form'
import { useCallback, useRef, useState } from 'react'

import type { FieldErrors, Validated } from '@/components/form/form-errors'
import { useUnsavedChanges } from '@/components/form/use-unsaved-changes'
import { getErrorMessage, getFieldErrors, getServerMessage } from '@/lib/http/api-error'
import { showToast } from '@/lib/toast'

export const CHECK_FIELDS_MESSAGE = 'Revisá los campos marcados.'

/**
 * Marks a focusable region that holds a field with no input of its own (the address form's door
 * pin): while its error shows, it takes part in "focus the first field with an error" in document
 * order, like an input with `aria-invalid`.
 */
export const FOCUS_ON_ERROR_ATTRIBUTE = 'data-focus-on-error'
const FIRST_ERROR_SELECTOR = `[aria-invalid="true"], [${FOCUS_ON_ERROR_ATTRIBUTE}="true"]`

/** What the kit needs from a feature's `useMutation` result. */
export type SaveMutation<Variables, Saved> = {
  mutateAsync: (variables: Variables) => Promise<Saved>
  isPending: boolean
}

/**
 * `edit`: a saved thing edited in place (a baseline, "Descartar", the unsaved-changes guard, the
 * save bar). `submit`: a form with one action (sign-up, a password change, a dialog): no baseline
 * to go back to and no guard unless asked for.
 */
export type AppFormMode = 'edit' | 'submit'

export type UseAppFormOptions<Values extends object, Input, Saved, Variables = Input> = {
  /** `edit` (default) or `submit`; see AppFormMode. */
  mode?: AppFormMode
  /** The form's values, usually built from the query's data. */
  initialValues: Values
  /**
   * The contract schema (plus the form's own rules) applied to the values: the request body, or
   * field errors keyed by dotted path (`address.street`, `variants.0.price`), like the server's.
   */
  validate: (values: Values) => Validated<Input>
  /** The feature's save hook (a `useMutation`); it owns cache updates and invalidation. */
  mutation: SaveMutation<Variables, Saved>
  /** Turns the validated body into the mutation's variables (when they are not the body itself). */
  toVariables?: (input: Input) => Variables
  /**
   * The saved answer as form values: the new "nothing to save" baseline. Without it an edit form
   * keeps the sent values as its baseline and a submit form keeps them as typed.
   */
  toValues?: (saved: Saved) => Values
  /** Submit forms: back to the initial values after success (a password change, an invitation). */
  resetOnSuccess?: boolean
  /** Spanish success toast; none when omitted (the caller navigates or shows its own news). */
  successMessage?: string | ((saved: Saved, values: Values) => string)
  /** The form-level text for a failure that carries no message at all (not an API answer). */
  errorFallback?: string
  /**
   * Asks before leaving while the values differ from the baseline and nothing is being sent. On
   * by default in `edit` mode, off in `submit` mode.
   */
  guard?: boolean
  /**
   * Changes the values do not hold (photos picked on the new-product page, sent after its first
   * save): while `isDirty`, they count as unsaved for the save bar and the guard, and "Descartar"
   * drops them with `discard` (issue 30).
   */
  outsideChanges?: { isDirty: boolean; discard: () => void }
  /**
   * Where a server field error goes when its `errors[].name` is not the field's path (e.g. the
   * wire's `location.coordinates.1` is the form's `latitude`).
   */
  serverErrorPath?: (name: string) => string
  /**
   * After a successful save, with the answer and the body sent (navigation after a create goes
   * here: the guard is already off).
   */
  onSaved?: (saved: Saved, input: Input) => void
  /**
   * After errors were put under fields, the contract's or the server's (a form in steps moves to
   * the step holding the first one).
   */
  onInvalid?: (errors: FieldErrors) => void
}

export type AppFormApi<Values extends object> = {
  form: UseFormReturnType<Values>
  mode: AppFormMode
  /** Values differ from the last saved ones, or changes outside them wait (`outsideChanges`). */
  isDirty: boolean
  isSaving: boolean
  /** Form-level message (the server's, or "check the marked fields"), shown above the buttons. */
  formError: string | null
  /**
   * Validates and saves; `patch` changes values for this save only (e.g. status: 'active').
   * Resolves true when the mutation succeeded.
   */
  save: (patch?: Partial<Values>) => Promise<boolean>
  /**
   * Validates the fields under these paths only (one step of a form in steps): shows their
   * errors, leaves the rest alone, and answers whether they are valid.
   */
  check: (paths: readonly string[]) => boolean
  /** The form's onSubmit. */
  onSubmit: (event?: React.FormEvent) => void
  /** Back to the last saved values. */
  discard: () => void
  /**
   * Moves part of the baseline without counting it as a change (e.g. images uploaded directly are
   * already saved).
   */
  rebase: (update: (baseline: Values) => Values) => void
  /** Lets the next navigation through the unsaved-changes guard. */
  allowNavigation: () => void
  /** Every field error as text, keyed by dotted path (for sub-editors that take `errors`). */
  fieldErrors: FieldErrors
  /** The error under a field (dotted path), for inputs not wired with getInputProps. */
  errorOf: (path: string) => string | undefined
  /** getInputProps with the error read at `errorPath` (when the wire name differs from the path). */
  inputProps: (
    path: string,
    errorPath?: string,
  ) => ReturnType<UseFormReturnType<Values>['getInputProps']>
  /** Props of a MoneyInput bound to a centavos field. */
  moneyProps: (
    path: string,
    errorPath?: string,
  ) => { valueCents: number | null; onChangeCents: (cents: number | null) => void; error?: string }
  formRef: React.RefObject<HTMLFormElement | null>
}

function remapErrors(errors: FieldErrors, path?: (name: string) => string): FieldErrors {
  if (!path) return errors
  const result: FieldErrors = {}
  for (const [name, message] of Object.entries(errors)) {
    const key = path(name)
    if (!(key in result)) result[key] = message
  }
  return result
}

function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * One form, customer's or seller's: @mantine/form values validated with the contract schema
 * (Spanish messages under their fields), server field errors (`errors[].name`, nested names
 * included) under their fields, a save through the feature's mutation with an optional success
 * toast, dirty tracking against the last saved values and, in `edit` mode, the unsaved-changes
 * guard while dirty and not saving.
 */
export function useAppForm<Values extends object, Input, Saved, Variables = Input>({
  mode = 'edit',
  initialValues,
  validate,
  mutation,
  toVariables,
  toValues,
  resetOnSuccess = false,
  successMessage,
  errorFallback,
  guard = mode === 'edit',
  outsideChanges,
  serverErrorPath,
  onSaved,
  onInvalid,
}: UseAppFormOptions<Values, Input, Saved, Variables>): AppFormApi<Values> {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    // "Touched" is not used: marking it on focus would re-render the whole form on each focus.
    touchTrigger: 'change',
    validate: (values) => {
      const result = validate(values)
      return result.success ? {} : result.errors
    },
  })
  const [formError, setFormError] = useState<string | null>(null)
  // The baseline is a ref inside @mantine/form: moving it alone must still re-render.
  const [, setBaselineVersion] = useState(0)
  const formRef = useRef<HTMLFormElement | null>(null)
  const isDirty =
    !sameValues(form.values, form.getInitialValues()) || (outsideChanges?.isDirty ?? false)
  const isSaving = mutation.isPending
  const allowNavigation = useUnsavedChanges(guard && isDirty && !isSaving)

  const focusFirstError = useCallback(() => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>(FIRST_ERROR_SELECTOR)?.focus()
    })
  }, [])

  const showErrors = (errors: FieldErrors, message: string) => {
    form.setErrors(errors)
    setFormError(message)
    focusFirstError()
    onInvalid?.(errors)
  }

  const check = (paths: readonly string[]) => {
    const within = (key: string) => paths.some((p) => key === p || key.startsWith(`${p}.`))
    const result = validate(form.getValues())
    const found = result.success
      ? {}
      : Object.fromEntries(Object.entries(result.errors).filter(([key]) => within(key)))
    const kept = Object.fromEntries(Object.entries(form.errors).filter(([key]) => !within(key)))
    form.setErrors({ ...kept, ...found })
    if (Object.keys(found).length === 0) return true
    focusFirstError()
    return false
  }

  const save = async (patch?: Partial<Values>) => {
    if (mutation.isPending) return false
    setFormError(null)
    const values = patch ? { ...form.getValues(), ...patch } : form.getValues()
    const result = validate(values)
    if (!result.success) {
      showErrors(result.errors, CHECK_FIELDS_MESSAGE)
      return false
    }
    form.clearErrors()
    let saved: Saved
    try {
      const variables = toVariables
        ? toVariables(result.data)
        : (result.data as unknown as Variables)
      saved = await mutation.mutateAsync(variables)
    } catch (error) {
      showErrors(
        remapErrors(getFieldErrors(error), serverErrorPath),
        getServerMessage(error) ?? getErrorMessage(error, errorFallback),
      )
      return false
    }
    if (toValues || mode === 'edit') {
      const fresh = toValues ? toValues(saved) : values
      form.setInitialValues(fresh)
      form.setValues(fresh)
      form.resetDirty(fresh)
    } else if (resetOnSuccess) {
      form.reset()
    }
    allowNavigation()
    if (successMessage !== undefined) {
      showToast({
        message:
          typeof successMessage === 'function' ? successMessage(saved, values) : successMessage,
        type: 'success',
      })
    }
    onSaved?.(saved, result.data)
    return true
  }

  const errorOf = (path: string) => {
    const error = form.errors[path]
    return typeof error === 'string' ? error : undefined
  }
  // Paths are checked by the callers' own values types; the kit takes them as plain strings.
  const getInputProps = form.getInputProps as (
    path: string,
  ) => ReturnType<typeof form.getInputProps>

  return {
    form,
    mode,
    isDirty,
    isSaving,
    formError,
    save,
    check,
    onSubmit: (event) => {
      event?.preventDefault()
      void save()
    },
    discard: () => {
      setFormError(null)
      form.reset()
      outsideChanges?.discard()
    },
    rebase: (update) => {
      form.setInitialValues(update(form.getInitialValues()))
      setBaselineVersion((v) => v + 1)
    },
    allowNavigation,
    fieldErrors: Object.fromEntries(
      Object.entries(form.errors).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ),
    errorOf,
    inputProps: (path, errorPath) => ({
      ...getInputProps(path),
      error: errorOf(errorPath ?? path),
    }),
    moneyProps: (path, errorPath) => {
      const props = getInputProps(path)
      return {
        valueCents: (props.value as number | null | undefined) ?? null,
        onChangeCents: (cents) => (props.onChange as (value: number | null) => void)(cents),
        error: errorOf(errorPath ?? path),
      }
    },
    formRef,
  }
}
