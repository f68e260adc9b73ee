import { Alert, Button, Group, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

export type SubmitBarProps = {
  /** The one action, e.g. "Crear cuenta" (a submit button of the surrounding form). */
  submitLabel: string
  isSaving: boolean
  /** Form-level error (server message or "check the marked fields"). */
  error?: string | null
  /** False keeps the button disabled (e.g. sign-up until every field is filled). */
  canSubmit?: boolean
  /** The button spans the form's width (dialogs, sign-up); otherwise it sits at the start. */
  fullWidth?: boolean
  /** More buttons, before the primary one. */
  actions?: ReactNode
  /** Accessible name of the button when several forms share a page. */
  submitAriaLabel?: string
  /** An always-enabled way out before the primary button (e.g. "Cancelar" closes a dialog). */
  cancel?: { label: string; onClick: () => void }
}

/**
 * The end of a submit-only form (sign-up, password change, a dialog with one action): the
 * form-level error, then the submit button. No "Descartar": there is no saved state to go back to.
 */
export function SubmitBar({
  submitLabel,
  isSaving,
  error,
  canSubmit = true,
  fullWidth = false,
  actions,
  submitAriaLabel,
  cancel,
}: SubmitBarProps) {
  const submit = (
    <Button
      type="submit"
      aria-label={submitAriaLabel}
      loading={isSaving}
      disabled={!canSubmit}
      fullWidth={fullWidth && !cancel && !actions}
    >
      {submitLabel}
    </Button>
  )
  return (
    <Stack gap="xs">
      {error ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          {error}
        </Alert>
      ) : null}
      {cancel || actions ? (
        <Group justify="flex-end" gap="sm">
          {cancel ? (
            <Button variant="default" onClick={cancel.onClick} disabled={isSaving}>
              {cancel.label}
            </Button>
          ) : null}
          {actions}
          {submit}
        </Group>
      ) : fullWidth ? (
        submit
      ) : (
        <Group>{submit}</Group>
      )}
    </Stack>
  )
}
