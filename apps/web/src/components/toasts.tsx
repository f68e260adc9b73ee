import { Notifications } from '@mantine/notifications'

import { TOAST_LIMIT_PER_POSITION, toastStores } from '@/lib/toast'
import { useScreen } from '@/lib/use-screen'

import classes from './toasts.module.css'

/** Renders the two toast positions, each with its own queue (see lib/toast.ts). */
export function Toasts() {
  // On a phone one toast at a time (the rest wait in the queue): three stacked covered ~40 % of
  // a 360 px screen and the buttons under them.
  const phone = useScreen('(max-width: 36em)')
  const limit = phone ? 1 : TOAST_LIMIT_PER_POSITION
  return (
    <>
      <Notifications store={toastStores.top} position="top-center" limit={limit} zIndex={1100} />
      <Notifications
        store={toastStores.bottom}
        position="bottom-center"
        className={classes.toasts}
        limit={limit}
        zIndex={1100}
      />
    </>
  )
}
