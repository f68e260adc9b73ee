import '@/lib/styles/mantine-critical'

import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { cssVariablesResolver, theme } from '@/app/theme'
import { Toasts } from '@/components/toasts'
import { useAppStore } from '@/lib/app-store'
import { queryClient as defaultQueryClient } from '@/lib/query-client'

export type AppProviderProps = { children: ReactNode; queryClient?: QueryClient }

/** Theme (night mode from the app store), server-state cache, modals and toasts. */
export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  const nightMode = useAppStore((s) => s.nightMode)
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={nightMode ? 'dark' : 'light'}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Descartar' }}>
          <Toasts />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}
