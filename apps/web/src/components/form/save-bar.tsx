import { Alert, Button, Paper, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import classes from '@/components/form/save-bar.module.css'

export const SAVE_BAR_LABELS = {
  dirty: 'Cambios sin guardar',
  clean: 'Todo guardado',
  discard: 'Descartar',
  errorTitle: 'No se pudo guardar',
} as const

export type SaveBarProps = {
  /** The primary button, e.g. "Guardar producto" (a submit button of the surrounding form). */
  saveLabel: string
  isDirty: boolean
  isSaving: boolean
  onDiscard: () => void
  /** Form-level error (server message or "check the marked fields"). */
  error?: string | null
  /** Text while there is nothing to save; "Todo guardado" unless told otherwise ('' hides it). */
  cleanText?: string
  /** Allows saving without changes (e.g. a new record whose defaults are worth saving). */
  savePristine?: boolean
  /** More buttons, before the primary one (e.g. "Guardar y publicar"). */
  actions?: ReactNode
  /** Accessible name of the primary button when several forms share a page. */
  saveAriaLabel?: string
  /** False for a form inside a card or a modal: the bar sits at the form's end. */
  sticky?: boolean
  /** Replaces "Descartar" with an always-enabled way out (e.g. "Cancelar" closes a modal). */
  cancel?: { label: string; onClick: () => void }
}

/**
 * The edit forms' save bar: sticky at the bottom of the viewport and full width on phones,
 * above the safe-area inset. The status and "Descartar" share the first line; the save buttons
 * share the next one (and wrap rather than get cut off) on a 360 px screen.
 */
export function SaveBar({
  saveLabel,
  isDirty,
  isSaving,
  onDiscard,
  error,
  cleanText = SAVE_BAR_LABELS.clean,
  savePristine = false,
  actions,
  saveAriaLabel,
  sticky = true,
  cancel,
}: SaveBarProps) {
  return (
    <Paper
      className={sticky ? classes.sticky : undefined}
      role={sticky ? 'region' : undefined}
      aria-label={sticky ? 'Guardar cambios' : undefined}
      withBorder={sticky}
      shadow={sticky ? 'sm' : undefined}
      radius="md"
      p={sticky ? 'sm' : 0}
      mt="md"
    >
      <Stack gap="xs">
        {error ? (
          <Alert color="red" role="alert" p="xs" title={SAVE_BAR_LABELS.errorTitle}>
            {error}
          </Alert>
        ) : null}
        <div className={classes.row}>
          <div className={classes.status}>
            <Text
              size="sm"
              c={isDirty ? undefined : 'dimmed'}
              fw={isDirty ? 500 : undefined}
              aria-live="polite"
            >
              {isDirty ? SAVE_BAR_LABELS.dirty : cleanText}
            </Text>
            <Button
              variant={cancel ? 'default' : 'subtle'}
              color={cancel ? undefined : 'gray'}
              onClick={cancel ? cancel.onClick : onDiscard}
              disabled={cancel ? isSaving : !isDirty || isSaving}
            >
              {cancel ? cancel.label : SAVE_BAR_LABELS.discard}
            </Button>
          </div>
          <div className={classes.buttons}>
            {actions}
            <Button
              type="submit"
              aria-label={saveAriaLabel}
              loading={isSaving}
              disabled={!isDirty && !savePristine}
            >
              {saveLabel}
            </Button>
          </div>
        </div>
      </Stack>
    </Paper>
  )
}
