import {
  PRODUCT_GRID_SIZES,
  productMainPhoto,
  productSrcSet,
} from '@barrio/contracts/product-images'
import type { Product } from '@barrio/contracts/products'
import { Badge, Box, Card, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'

import { paths } from '@/config/paths'
import { discountPercent, Price } from '@/features/catalog/components/price'
import { formatDistance } from '@/features/catalog/utils/format'

import classes from './catalog.module.css'

/** A product in a grid: photo, title (the link), price, and its shop when asked. */
export function ProductCard({
  product,
  showStore = true,
}: {
  product: Product
  showStore?: boolean
}) {
  const image = productMainPhoto(product.media)
  const discount = discountPercent(product.price, product.compareAtPrice)
  const href = paths.product.getHref(product.store.handle, product.handle)
  return (
    <Card withBorder radius="md" padding={0} className={classes.card} component="article">
      <Box pos="relative">
        {image ? (
          <img
            src={image.url}
            srcSet={productSrcSet(image)}
            sizes={PRODUCT_GRID_SIZES}
            alt={image.alt || product.title}
            // The box is square (aspect-ratio in CSS); the attributes size it before any CSS.
            width={image.width ?? 800}
            height={image.height ?? 800}
            className={classes.productImage}
            loading="lazy"
          />
        ) : (
          <div className={classes.productImage} />
        )}
        {!product.isAvailable ? (
          <Badge color="gray" pos="absolute" top={8} left={8}>
            Sin stock
          </Badge>
        ) : discount > 0 ? (
          <Badge color="red" pos="absolute" top={8} left={8}>
            -{discount}%
          </Badge>
        ) : null}
      </Box>
      <Stack gap={4} p="sm" style={{ flex: 1 }}>
        <Text fw={600} size="sm" className={classes.productTitle} component="h3" m={0}>
          <Link to={href} className={classes.stretchedLink}>
            {product.title}
          </Link>
        </Text>
        {new Set(product.variants.map((v) => v.price)).size > 1 ? (
          <Text size="xs" c="dimmed">
            Desde
          </Text>
        ) : null}
        <Price
          price={product.price}
          compareAtPrice={product.compareAtPrice}
          taxes={product.taxes}
          // The cheapest variant's measure: the one whose price the card shows.
          unitMeasure={product.variants.find((v) => v.price === product.price)?.unitMeasure}
        />
        {showStore ? (
          <Text size="xs" c="dimmed" mt="auto">
            {product.store.name}
            {typeof product.store.distanceKm === 'number'
              ? ` · ${formatDistance(product.store.distanceKm)}`
              : ''}
          </Text>
        ) : null}
      </Stack>
    </Card>
  )
}
