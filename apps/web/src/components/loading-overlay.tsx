import { Loader } from '@mantine/core'

import { useAppStore } from '@/lib/app-store'

import classes from './loading-overlay.module.css'

/**
 * Spec section 2: the global loading overlay. `blockLoading` covers the page and blocks input;
 * `isLoading` alone shows a thin bar at the top without blocking.
 */
export function LoadingOverlay() {
  const isLoading = useAppStore((s) => s.isLoading)
  const blockLoading = useAppStore((s) => s.blockLoading)
  if (blockLoading) {
    return (
      <div className={classes.overlay} role="progressbar" aria-label="Cargando" aria-busy>
        <Loader color="green" size="lg" />
      </div>
    )
  }
  if (!isLoading) return null
  return <div className={classes.bar} role="progressbar" aria-label="Cargando" aria-busy />
}
