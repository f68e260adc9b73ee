import { Notifications } from '@mantine/notifications'

import { TOAST_LIMIT_PER_POSITION, toastStores } from '@/lib/toast'

/** Renders the two toast positions, each with its own queue (see lib/toast.ts). */
export function Toasts() {
  return (
    <>
      <Notifications
        store={toastStores.top}
        position="top-center"
        limit={TOAST_LIMIT_PER_POSITION}
        zIndex={1100}
      />
      <Notifications
        store={toastStores.bottom}
        position="bottom-center"
        limit={TOAST_LIMIT_PER_POSITION}
        zIndex={1100}
      />
    </>
  )
}
