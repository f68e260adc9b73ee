import { Anchor, Container, Group, Text } from '@mantine/core'
import { Link } from 'react-router'

import { paths } from '@/config/paths'
import { useAppStore } from '@/lib/app-store'

import classes from './layouts.module.css'

/** The web footer. Hidden inside the native app (spec section 2). */
export function AppFooter() {
  const isNative = useAppStore((s) => s.isNative)
  if (isNative) return null
  return (
    <footer className={classes.footer}>
      <Container size="lg" px="md" py="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Barrio · Comercios de tu barrio
          </Text>
          <nav aria-label="Enlaces del pie de página">
            <Group gap="md">
              <Anchor component={Link} to={paths.help.getHref()} size="sm">
                Ayuda
              </Anchor>
              <Anchor component={Link} to={paths.privacy.getHref()} size="sm">
                Privacidad
              </Anchor>
              <Anchor component={Link} to={paths.terms.getHref()} size="sm">
                Términos
              </Anchor>
              {/* Res. 424/2020 SCI: on every page, by this exact name (issue 27). */}
              <Anchor component={Link} to={paths.withdrawal.getHref()} size="sm">
                Botón de arrepentimiento
              </Anchor>
            </Group>
          </nav>
        </Group>
      </Container>
    </footer>
  )
}
