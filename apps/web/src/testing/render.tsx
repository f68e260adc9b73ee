import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'

import { theme } from '@/app/theme'
import { ConfirmHost } from '@/components/confirm/confirm-host'
import { Toasts } from '@/components/toasts'
import { createQueryClient } from '@/lib/query-client'

/** Renders a component with the app's providers inside a memory router at `url`. */
export function renderWithProviders(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  return renderRouter([{ path: '*', element: ui }], { url })
}

/** Renders a route table with the app's providers inside a memory router at `url`. */
export function renderRouter(routes: RouteObject[], { url = '/' }: { url?: string } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [url] })
  const result = render(
    // env="test": no transitions, and popovers (row action menus) do not hide themselves because
    // jsdom reports every element as zero-sized, i.e. "detached".
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <Toasts />
        <ConfirmHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { ...result, router }
}
