import { Button, Group } from '@mantine/core'

import { PlaceholderPage } from '@/components/placeholder-page'
import { openLoginModal } from '@/lib/app-store'

export type SignInPromptProps = {
  title: string
  description: string
  /** Defaults to opening the login modal here. */
  onSignIn?: () => void
}

/** What a logged-out visitor sees on the account pages: an invitation to sign in. */
export function SignInPrompt({
  title,
  description,
  onSignIn = () => openLoginModal('login'),
}: SignInPromptProps) {
  return (
    <PlaceholderPage title={title} description={description}>
      <Group>
        <Button onClick={onSignIn}>Ingresar</Button>
        <Button variant="default" onClick={() => openLoginModal('registration')}>
          Crear cuenta
        </Button>
      </Group>
    </PlaceholderPage>
  )
}
