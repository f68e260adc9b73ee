import type { Store } from '@barrio/contracts/stores'
import { Avatar, Box, Card, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'

import { paths } from '@/config/paths'
import { DeliveryBadges, OpenBadge } from '@/features/catalog/components/store-badges'
import { StoreTimeLine } from '@/features/catalog/components/store-time-line'
import { formatDistance } from '@/features/catalog/utils/format'
import { termsSummary } from '@/features/catalog/utils/terms'

import classes from './catalog.module.css'

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase()
}

/** Covers are 3:1 (the seed's 1200 × 400, the pipeline's up to 1600 wide). */
const COVER_SIZE = { width: 1200, height: 400 } as const

/**
 * A shop in a list: cover, logo, name (the link), where it is, how far, open/closed, what delivery
 * costs and the minimum order (issue 30), the delivery types.
 *
 * `priority`: the first card of a page is usually its largest image (LCP), so it is fetched
 * eagerly and first; the others wait until they are near the viewport.
 */
export function StoreCard({
  store,
  headingLevel = 3,
  priority = false,
}: {
  store: Store
  headingLevel?: 2 | 3
  priority?: boolean
}) {
  const place = store.address.neighbourhood ?? store.address.city
  const terms = termsSummary(store.terms)
  return (
    <Card withBorder radius="md" padding={0} className={classes.card} component="article">
      <Box className={classes.coverBox}>
        {store.coverUrl ? (
          <img
            src={store.coverUrl}
            alt=""
            className={classes.cover}
            {...COVER_SIZE}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
          />
        ) : null}
      </Box>
      <Stack gap="xs" p="md" pt={0} style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Avatar
            src={store.logoUrl}
            alt=""
            size={56}
            radius="xl"
            className={classes.logo}
            color="green"
            // Initials are letters, not words: nothing to translate or read as a language.
            translate="no"
          >
            {initials(store.name)}
          </Avatar>
          <OpenBadge isOpen={store.openNow} />
        </Group>
        <Title order={headingLevel} size="h4">
          <Link to={paths.shop.getHref(store.handle)} className={classes.stretchedLink}>
            {store.name}
          </Link>
        </Title>
        <Text size="sm" c="dimmed">
          {place}
          {typeof store.distanceKm === 'number' ? (
            <>
              {' · '}
              <Text
                span
                size="sm"
                fw={600}
                c="var(--mantine-color-text)"
                data-testid="store-distance"
              >
                {formatDistance(store.distanceKm)}
              </Text>
            </>
          ) : null}
        </Text>
        <StoreTimeLine store={store} />
        {terms.length > 0 ? (
          <Text size="sm" data-testid="store-terms">
            {terms.join(' · ')}
          </Text>
        ) : null}
        <DeliveryBadges types={store.deliveryTypes} />
      </Stack>
    </Card>
  )
}
