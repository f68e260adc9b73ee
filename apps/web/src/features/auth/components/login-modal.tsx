import type { User } from '@barrio/contracts/users'
import { Anchor, Button, Center, Divider, Loader, Modal, Stack, Text } from '@mantine/core'
import { IconMail } from '@tabler/icons-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useLocation, useNavigate } from 'react-router'

import { LOGIN_MODAL_DISABLED_PATHS, paths } from '@/config/paths'
import { AuthViewSwitch } from '@/features/auth/components/auth-view-switch'
import { ExternalSignInButtons } from '@/features/auth/components/external-sign-in-buttons'
import { LoginForm } from '@/features/auth/components/login-form'
import { PasswordlessForm } from '@/features/auth/components/passwordless-form'
import { RecoveryForm } from '@/features/auth/components/recovery-form'
import { forgetLoginPrefill, useLoginPrefill } from '@/features/auth/utils/login-prefill'
import {
  appStore,
  closeLoginModal,
  setLoginModalView,
  useAppStore,
  type LoginModalView,
} from '@/lib/app-store'

// The phone input (flags + libphonenumber metadata, ~100 KB gzip) only loads with the registration view.
const RegistrationForm = lazy(() =>
  import('@/features/auth/components/registration-form').then((m) => ({
    default: m.RegistrationForm,
  })),
)

const TITLES: Record<LoginModalView, string> = {
  login: 'Ingresá a Barrio',
  registration: 'Creá tu cuenta',
  recovery: 'Recuperá tu contraseña',
  passwordless: 'Ingresá con tu correo',
}

export const PASSWORDLESS_OPTION_LABEL = 'Ingresar con un código por correo'

/**
 * Spec section 2: one modal with the login, registration and recovery views, plus the
 * passwordless (e-mailed code) view. Opened and toggled through the app store; however it is
 * closed, every form starts clean the next time. Disabled on the password pages.
 */
export function LoginModal({ opened }: { opened?: boolean }) {
  const storeOpen = useAppStore((s) => s.isLoginModalOpen)
  // The app root passes a deferred copy of the store's flag (see AppRoot); alone, the store's.
  const isOpen = opened ?? storeOpen
  const view = useAppStore((s) => s.loginModalView)
  const { pathname } = useLocation()
  const navigate = useNavigate()
  // Bumping the key remounts the forms, which resets them.
  const [formsKey, setFormsKey] = useState(0)
  const [prefilledUserName, setPrefilledUserName] = useState('')
  // An e-mail the opener named (an invitation link): both forms start with it.
  const invitedEmail = useLoginPrefill()
  // After a sign-in the control that opened the modal is usually gone: do not chase it.
  const [returnFocus, setReturnFocus] = useState(true)

  useEffect(() => {
    if (isOpen) {
      setReturnFocus(true)
      return
    }
    setPrefilledUserName('')
    forgetLoginPrefill()
    setFormsKey((key) => key + 1)
  }, [isOpen])

  const isDisabled = LOGIN_MODAL_DISABLED_PATHS.includes(pathname)

  const onSignedIn = (user: User) => {
    setReturnFocus(false)
    closeLoginModal()
    // Web: the profile form of /account, focused. Native: the route guard sends the user to
    // /auth/onboarding.
    if (user.needsProfile && !appStore.getState().isNative) void navigate(paths.account.getHref())
  }

  // React's own portal instead of Mantine's: Mantine's renders nothing on its first render and
  // then the dialog in a synchronous update from a layout effect, so the whole form was built in
  // one task however the opening was scheduled (issue 29, blocking time). Mounted afresh at each
  // opening (lazyOnOpen), it is still the last dialog in <body>.
  return createPortal(
    <Modal
      withinPortal={false}
      // Scrolling stays blocked (wheel, touch, keys) without the style element that hides the
      // page's scrollbar: injecting it restyled and laid out the whole page under the dialog.
      removeScrollProps={{ removeScrollBar: false }}
      opened={isOpen && !isDisabled}
      onClose={closeLoginModal}
      title={TITLES[view]}
      centered
      size="md"
      returnFocus={returnFocus}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack gap="md" key={formsKey}>
        {view === 'login' || view === 'registration' ? (
          <AuthViewSwitch
            label="Elegí cómo continuar"
            value={view}
            onChange={setLoginModalView}
            options={[
              { value: 'login', label: 'Ingresar' },
              { value: 'registration', label: 'Crear cuenta' },
            ]}
          />
        ) : null}

        {view === 'login' ? (
          <>
            <LoginForm initialUserName={prefilledUserName || invitedEmail} onSuccess={onSignedIn} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setLoginModalView('recovery')}
            >
              ¿Olvidaste tu contraseña?
            </Anchor>
          </>
        ) : null}

        {view === 'registration' ? (
          <Suspense
            fallback={
              <Center py="xl" role="progressbar" aria-label="Cargando">
                <Loader />
              </Center>
            }
          >
            <RegistrationForm
              initialEmail={invitedEmail}
              onSignedIn={onSignedIn}
              onRegistered={(email) => {
                setPrefilledUserName(email)
                setLoginModalView('login')
              }}
            />
          </Suspense>
        ) : null}

        {view === 'recovery' ? (
          <>
            <RecoveryForm onDone={() => setLoginModalView('login')} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setLoginModalView('login')}
            >
              Volver a ingresar
            </Anchor>
          </>
        ) : null}

        {view === 'passwordless' ? (
          <>
            <PasswordlessForm onSuccess={onSignedIn} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setLoginModalView('login')}
            >
              Ingresar con usuario y contraseña
            </Anchor>
          </>
        ) : null}

        {view !== 'recovery' ? (
          <>
            <Divider label="o continuá con" labelPosition="center" />
            {view !== 'passwordless' ? (
              <Button
                variant="light"
                fullWidth
                leftSection={<IconMail size={18} aria-hidden />}
                // Long label: it wraps on narrow phones (360 px) instead of being cut off.
                h="auto"
                mih={36}
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                onClick={() => setLoginModalView('passwordless')}
              >
                {PASSWORDLESS_OPTION_LABEL}
              </Button>
            ) : null}
            <ExternalSignInButtons />
            <Text size="xs" c="dimmed" ta="center">
              Al continuar aceptás los Términos y la Política de privacidad de Barrio.
            </Text>
          </>
        ) : null}
      </Stack>
    </Modal>,
    document.body,
  )
}
