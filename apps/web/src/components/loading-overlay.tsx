import { Box, Loader, Overlay, Progress } from '@mantine/core'

import { useAppStore } from '@/lib/app-store'

/**
 * Spec section 2: the global loading overlay. `blockLoading` covers the page and blocks input;
 * `isLoading` alone shows a thin bar at the top without blocking.
 */
export function LoadingOverlay() {
  const isLoading = useAppStore((s) => s.isLoading)
  const blockLoading = useAppStore((s) => s.blockLoading)
  if (blockLoading) {
    return (
      <Overlay
        fixed
        zIndex={1000}
        backgroundOpacity={0.35}
        blur={2}
        center
        role="progressbar"
        aria-label="Cargando"
        aria-busy
      >
        <Loader color="green" size="lg" />
      </Overlay>
    )
  }
  if (!isLoading) return null
  return (
    <Box
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      role="progressbar"
      aria-label="Cargando"
      aria-busy
    >
      <Progress value={100} animated size="xs" radius={0} />
    </Box>
  )
}
