import { useCallback, useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'

import { confirm } from '@/components/confirm/confirm'

export const UNSAVED_CHANGES_MESSAGE = 'Tenés cambios sin guardar. ¿Querés salir sin guardarlos?'
/**
 * The popup's buttons are the spec's "Descartar" and "Confirmar": "Descartar" here drops the
 * question, not the changes, so the line says what each one does (issue 30).
 */
export const UNSAVED_CHANGES_HINT =
  'Confirmar sale de la página y los cambios se pierden. Descartar te deja en la página con tus cambios.'

/**
 * Forms that would lose changes, by hook instance. React Router consults only the last blocker
 * registered, so with several forms on one page (one per payment method) every blocker asks
 * whether ANY form there holds changes, not just its own.
 */
const guardedForms = new Map<symbol, boolean>()
const anyFormGuarded = () => [...guardedForms.values()].some(Boolean)

/**
 * Asks before leaving a form with unsaved changes: in-app navigation through the confirm popup,
 * closing or reloading the tab through the browser's own prompt. Returns a function that lets
 * the next navigation through (call it right after a successful save, before navigating).
 */
export function useUnsavedChanges(isDirty: boolean): () => void {
  const id = useRef(Symbol('form')).current
  const dirtyRef = useRef(isDirty)
  const bypassRef = useRef(false)

  useEffect(() => {
    // Editing again after a save re-arms the guard.
    if (isDirty && !dirtyRef.current) bypassRef.current = false
    dirtyRef.current = isDirty
    guardedForms.set(id, isDirty && !bypassRef.current)
  }, [id, isDirty])

  useEffect(() => () => void guardedForms.delete(id), [id])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyFormGuarded() && currentLocation.pathname !== nextLocation.pathname,
  )

  const { state, proceed, reset } = blocker
  useEffect(() => {
    if (state !== 'blocked') return
    let active = true
    void confirm({
      message: UNSAVED_CHANGES_MESSAGE,
      smallText: UNSAVED_CHANGES_HINT,
    }).then((leave) => {
      if (!active) return
      if (leave) proceed?.()
      else reset?.()
    })
    return () => {
      active = false
    }
  }, [state, proceed, reset])

  useEffect(() => {
    if (!isDirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [isDirty])

  return useCallback(() => {
    bypassRef.current = true
    guardedForms.set(id, false)
  }, [id])
}
