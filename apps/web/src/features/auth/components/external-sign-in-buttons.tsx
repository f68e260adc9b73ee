import { Badge, Button, Stack } from '@mantine/core'
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react'
import type { MouseEvent } from 'react'

import { getExternalSignInUrl } from '@/features/auth/utils/external-sign-in'
import { useAppStore } from '@/lib/app-store'
import { openInSystemBrowser } from '@/lib/native/browser'

/**
 * A label that wraps instead of being cut off: at 360 px "Continuar con Facebook" and its
 * "Próximamente" badge do not fit on one line (issue 30). The button grows with the text.
 */
const WRAPPING = {
  h: 'auto',
  mih: 36,
  py: 6,
  styles: {
    inner: { minWidth: 0 },
    label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible', minWidth: 0 },
    section: { flexShrink: 0 },
  },
} as const

export type ExternalSignInButtonsProps = {
  /** "Continuar con Google" in the modal, "Ingresar con Google" on the native welcome page. */
  verb?: 'Continuar' | 'Ingresar'
}

/**
 * Google and Apple sign-in links, and Facebook shown disabled as coming soon (spec section 1).
 * Browser: /auth/{provider}/web. Native: /auth/{provider}/mobile?state=login, which leaves the
 * web view for the system browser and returns through the ar.barrio.app:// deep link.
 */
export function ExternalSignInButtons({ verb = 'Continuar' }: ExternalSignInButtonsProps) {
  const isNative = useAppStore((s) => s.isNative)
  // Native: Google and Apple refuse sign-in inside a web view, so the link opens the system
  // browser (@capacitor/browser); if that fails the link still works in the web view.
  const onNativeClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isNative) return
    event.preventDefault()
    const url = event.currentTarget.href
    void openInSystemBrowser(url).then((opened) => {
      if (!opened) window.location.assign(url)
    })
  }
  return (
    <Stack gap="xs">
      <Button
        component="a"
        href={getExternalSignInUrl('google', { isNative })}
        onClick={onNativeClick}
        variant="default"
        fullWidth
        {...WRAPPING}
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
      >
        {verb} con Google
      </Button>
      <Button
        component="a"
        href={getExternalSignInUrl('apple', { isNative })}
        onClick={onNativeClick}
        variant="default"
        fullWidth
        {...WRAPPING}
        leftSection={<IconBrandApple size={18} aria-hidden />}
      >
        {verb} con Apple
      </Button>
      <Button
        variant="default"
        fullWidth
        disabled
        {...WRAPPING}
        leftSection={<IconBrandFacebook size={18} aria-hidden />}
        rightSection={
          <Badge size="xs" variant="light" color="gray">
            Próximamente
          </Badge>
        }
      >
        {verb} con Facebook
      </Button>
    </Stack>
  )
}
