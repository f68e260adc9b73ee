import { Button } from '@mantine/core'
import { Link, useLocation } from 'react-router'

import { ErrorPage } from '@/components/errors/error-page'

/** Any unknown route: 404 'Page Not Found' with the path (spec section 2). */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <ErrorPage
      statusCode={404}
      message={`No encontramos la página ${pathname}`}
      actions={
        <Button component={Link} to="/">
          Volver al inicio
        </Button>
      }
    />
  )
}
