import { Stack } from '@mantine/core'
import type { ReactNode } from 'react'

import { SaveBar, type SaveBarProps } from '@/components/form/save-bar'
import { SubmitBar, type SubmitBarProps } from '@/components/form/submit-bar'
import type { AppFormApi } from '@/components/form/use-app-form'

type EditBar = Pick<
  SaveBarProps,
  'saveLabel' | 'cleanText' | 'savePristine' | 'actions' | 'saveAriaLabel' | 'sticky' | 'cancel'
>
type SubmitOnlyBar = Pick<
  SubmitBarProps,
  'submitLabel' | 'canSubmit' | 'fullWidth' | 'actions' | 'submitAriaLabel' | 'cancel'
>

export type AppFormProps<Values extends object> = {
  form: AppFormApi<Values>
  /** Accessible name of the form. */
  label?: string
  children: ReactNode
  /** Space between the fields (submit forms stack their children; edit forms lay out their own). */
  gap?: string
} & (({ saveLabel: string } & EditBar) | ({ submitLabel: string } & SubmitOnlyBar))

/**
 * One form of either audience: the fields, then the bar for its mode. An `edit` form gets the
 * save bar ("Cambios sin guardar", "Descartar", "Guardar …", sticky unless told otherwise); a
 * `submit` form gets its error and one submit button. Enter in a field submits either.
 */
export function AppForm<Values extends object>({
  form,
  label,
  children,
  gap = 'sm',
  ...bar
}: AppFormProps<Values>) {
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate aria-label={label}>
      {'submitLabel' in bar ? (
        <Stack gap={gap}>
          {children}
          <SubmitBar {...bar} isSaving={form.isSaving} error={form.formError} />
        </Stack>
      ) : (
        <>
          {children}
          <SaveBar
            {...bar}
            isDirty={form.isDirty}
            isSaving={form.isSaving}
            onDiscard={form.discard}
            error={form.formError}
          />
        </>
      )}
    </form>
  )
}
