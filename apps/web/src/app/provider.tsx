import '@/lib/styles/mantine-critical'

import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode } from 'react'

import { cssVariablesResolver, theme } from '@/app/theme'
import { ConfirmHost } from '@/components/confirm/confirm-host'
import { useAppStore } from '@/lib/app-store'
import { queryClient as defaultQueryClient } from '@/lib/query-client'

// The toasts' view (Notifications, its transitions) loads after the first render: toasts raised
// before it arrives wait in their store (lib/toast.ts) and show when it mounts (decision 020).
const Toasts = lazy(() => import('@/components/toasts').then((m) => ({ default: m.Toasts })))

export type AppProviderProps = { children: ReactNode; queryClient?: QueryClient }

/** Theme (night mode from the app store), server-state cache, the confirm popup and toasts. */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  const nightMode = useAppStore((s) => s.nightMode)
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={nightMode ? 'dark' : 'light'}
    >
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <ConfirmHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  )
}
