import { RELOAD_GUARD_MS } from '@barrio/contracts/constants'
import { Button } from '@mantine/core'
import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'

import { useAppShellHandoff } from '@/app/app-shell'
import { ErrorPage } from '@/components/errors/error-page'
import { getErrorMessage } from '@/lib/http/api-error'

const RELOAD_AT_KEY = 'barrio.chunkReloadAt'
export const CHUNK_ERROR_MESSAGE =
  'No pudimos cargar esta sección. Puede que haya una versión nueva de Barrio: recargá la página.'

/** A failed page-chunk load (usually a deploy replaced the old chunks). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|error loading dynamically imported/i.test(
    message,
  )
}

/** Reloads once per RELOAD_GUARD_MS so a broken deploy cannot loop. */
function reloadOnceForChunkError(): void {
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_AT_KEY) ?? 0)
    if (Date.now() - last < RELOAD_GUARD_MS) return
    window.sessionStorage.setItem(RELOAD_AT_KEY, String(Date.now()))
    window.location.reload()
  } catch {
    // no storage: the user reloads with the button
  }
}

/** Router error element: 404s, thrown responses, chunk errors and unexpected errors. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const { pathname } = useLocation()
  const isChunkError = isChunkLoadError(error)
  useAppShellHandoff()

  useEffect(() => {
    if (isChunkError) reloadOnceForChunkError()
  }, [isChunkError])

  if (isChunkError) {
    return (
      <ErrorPage
        statusCode={500}
        message={CHUNK_ERROR_MESSAGE}
        actions={<Button onClick={() => window.location.reload()}>Recargar</Button>}
      />
    )
  }
  const home = (
    <Button component={Link} to="/">
      Volver al inicio
    </Button>
  )
  if (isRouteErrorResponse(error)) {
    const message =
      error.status === 404
        ? `No encontramos la página ${pathname}`
        : getErrorMessage(error.data, error.statusText || 'Ocurrió un error inesperado.')
    return <ErrorPage statusCode={error.status} message={message} actions={home} />
  }
  console.error(error)
  return <ErrorPage statusCode={500} message={getErrorMessage(error)} actions={home} />
}
