import { Center, Loader } from '@mantine/core'

/** Shown while the first route chunk loads. */
export function BootFallback() {
  return (
    <Center mih="60dvh" role="progressbar" aria-label="Cargando" aria-busy>
      <Loader />
    </Center>
  )
}
