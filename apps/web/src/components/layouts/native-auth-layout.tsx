import { Center, Paper, Stack } from '@mantine/core'
import { Outlet } from 'react-router'

import { BrandLink } from '@/components/layouts/brand-link'

import classes from './layouts.module.css'

/** The native sign-in flow (/auth/*): a centred card, no header navigation, no footer. */
export function NativeAuthLayout() {
  return (
    <main id="contenido" className={classes.nativeAuth}>
      <Paper withBorder radius="lg" p="lg" w="100%" maw={440} shadow="sm">
        <Stack gap="lg">
          <Center>
            <BrandLink />
          </Center>
          <Outlet />
        </Stack>
      </Paper>
    </main>
  )
}
