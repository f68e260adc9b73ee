import type { User } from '@barrio/contracts/users'
import { Avatar, Badge, Group, Stack, Text } from '@mantine/core'

import { formatPhone } from '@/lib/format-phone'

function initials(user: User): string {
  const letters = [user.firstName, user.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
  return (letters || user.email.charAt(0)).toUpperCase()
}

/** Who is signed in: name, e-mail, phone and whether they buy or sell. */
export function ProfileCard({ user }: { user: User }) {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ')
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <Avatar radius="xl" size="lg" color="green" aria-hidden>
        {initials(user)}
      </Avatar>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {fullName || user.email}
          </Text>
          <Badge variant="light" color={user.userType === 'admin' ? 'grape' : 'green'}>
            {user.userType === 'admin' ? 'Vendedor' : 'Cliente'}
          </Badge>
        </Group>
        {user.userName ? (
          <Text size="sm" c="dimmed">
            @{user.userName}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        {user.phone ? (
          <Text size="sm" c="dimmed">
            {formatPhone(user.phone)}
          </Text>
        ) : null}
      </Stack>
    </Group>
  )
}
