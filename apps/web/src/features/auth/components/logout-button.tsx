import { Button, type ButtonProps } from '@mantine/core'
import { IconLogout } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'

import { paths } from '@/config/paths'
import { useLogout } from '@/api/shared/auth/logout'
import { wipeSession } from '@/lib/app-store'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

export const LOGOUT_LABEL = 'Cerrar sesión'

/**
 * POST /auth/logout, then the session is wiped (spec section 4) and the app goes home. The local
 * session ends even when the server call fails.
 */
export function LogoutButton(props: Omit<ButtonProps, 'onClick' | 'loading' | 'children'>) {
  const logoutMutation = useLogout()
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const onLogout = () => {
    if (logoutMutation.isPending) return
    logoutMutation.mutate(undefined, {
      onSettled: (_data, error) => {
        wipeSession()
        // The signed-in user's own data must not outlive the session.
        queryClient.removeQueries({ queryKey: ['account'] })
        queryClient.removeQueries({ queryKey: ['auth', 'session'] })
        void navigate(paths.home.getHref())
        if (error) showErrorToast(getErrorMessage(error))
        else showToast({ message: 'Cerraste sesión.' })
      },
    })
  }

  return (
    <Button
      variant="outline"
      color="red"
      leftSection={<IconLogout size={16} aria-hidden />}
      {...props}
      onClick={onLogout}
      loading={logoutMutation.isPending}
    >
      {LOGOUT_LABEL}
    </Button>
  )
}
