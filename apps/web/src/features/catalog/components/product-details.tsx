import type { Product } from '@barrio/contracts/products'
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Chip,
  Grid,
  Group,
  NumberInput,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { IconArrowLeft, IconMinus, IconPlus, IconShoppingCartPlus } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'

import { paths } from '@/config/paths'
import { Price } from '@/features/catalog/components/price'
import { OpenBadge } from '@/features/catalog/components/store-badges'
import { WhatsAppContact } from '@/features/catalog/components/whatsapp-contact'
import {
  defaultVariant,
  findVariant,
  isOptionValueInStock,
  maxQuantity,
  optionValues,
  selectOption,
  stockStatus,
  type SelectedOptions,
} from '@/features/catalog/utils/variants'

import { PRODUCT_GALLERY_SIZES, productSrcSet } from '@barrio/contracts/product-images'

import classes from './catalog.module.css'

export const ADD_TO_CART_LABEL = 'Agregar al carrito'
export const COMING_SOON_LABEL = 'Muy pronto'

function ProductGallery({ product }: { product: Product }) {
  const media = [...product.media].sort((a, b) => a.position - b.position)
  const [index, setIndex] = useState(0)
  const current = media[index] ?? media[0]
  if (!current) return <div className={classes.galleryMain} aria-hidden />
  return (
    <Stack gap="sm">
      <img
        src={current.url}
        srcSet={productSrcSet(current)}
        sizes={PRODUCT_GALLERY_SIZES}
        alt={current.alt || product.title}
        className={classes.galleryMain}
        width={current.width ?? 800}
        height={current.height ?? 800}
        // The page's largest image (LCP).
        fetchPriority="high"
      />
      {media.length > 1 ? (
        <Group gap="xs" role="group" aria-label="Fotos del producto">
          {media.map((item, i) => (
            <UnstyledButton
              key={item.mediaId}
              className={classes.thumb}
              aria-pressed={i === index}
              aria-label={`Ver foto ${i + 1} de ${media.length}`}
              onClick={() => setIndex(i)}
            >
              <img src={item.thumbUrl ?? item.url} alt="" width={64} height={64} loading="lazy" />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
    </Stack>
  )
}

function QuantityStepper({
  value,
  max,
  onChange,
}: {
  value: number
  max: number
  onChange: (value: number) => void
}) {
  const disabled = max < 1
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <ActionIcon
        variant="default"
        size={36}
        aria-label="Restar uno"
        disabled={disabled || value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        <IconMinus size={16} aria-hidden />
      </ActionIcon>
      <NumberInput
        label="Cantidad"
        value={value}
        min={1}
        max={Math.max(1, max)}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        hideControls
        disabled={disabled}
        w={72}
        styles={{ input: { textAlign: 'center' } }}
        onChange={(next) => onChange(typeof next === 'number' && next >= 1 ? next : 1)}
      />
      <ActionIcon
        variant="default"
        size={36}
        aria-label="Sumar uno"
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </Group>
  )
}

function VariantOption({
  product,
  option,
  selected,
  onSelect,
}: {
  product: Product
  option: string
  selected: SelectedOptions
  onSelect: (value: string) => void
}) {
  const legendId = useId()
  return (
    <fieldset className={classes.variantFieldset} aria-labelledby={legendId}>
      <Text component="legend" id={legendId} fw={600} size="sm" mb={6}>
        {option}
      </Text>
      <Chip.Group multiple={false} value={selected[option] ?? null} onChange={onSelect}>
        <Group gap="xs">
          {optionValues(product, option).map((value) => {
            const inStock = isOptionValueInStock(product, selected, option, value)
            return (
              <Chip
                key={value}
                value={value}
                type="radio"
                variant="outline"
                className={inStock ? undefined : classes.unavailableChip}
              >
                {value}
                {inStock ? null : <VisuallyHidden>, sin stock</VisuallyHidden>}
              </Chip>
            )
          })}
        </Group>
      </Chip.Group>
    </fieldset>
  )
}

/**
 * The product page body: gallery, title, price, a selector per option (Talle, Color...), stock,
 * quantity and "Agregar al carrito" (the page passes `onAddToCart`; without it the button is
 * disabled with the tooltip 'Muy pronto').
 */
export function ProductDetails({
  product,
  onAddToCart,
}: {
  product: Product
  onAddToCart?: (selection: { variantId: string; quantity: number }) => unknown
}) {
  const [selected, setSelected] = useState<SelectedOptions>(() => ({
    ...(defaultVariant(product)?.options ?? {}),
  }))
  const [quantity, setQuantity] = useState(1)
  const variant = findVariant(product, selected) ?? defaultVariant(product)
  const stock = variant ? stockStatus(variant) : null
  const max = variant ? maxQuantity(variant) : 0
  const shopHref = paths.shop.getHref(product.store.handle)
  const hasChoices = product.options.length > 0 && product.variants.length > 1

  const choose = (option: string, value: string) => {
    const next = selectOption(product, selected, option, value)
    setSelected(next)
    const nextVariant = findVariant(product, next)
    const nextMax = nextVariant ? maxQuantity(nextVariant) : 0
    setQuantity((q) => Math.max(1, Math.min(q, nextMax || 1)))
  }

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={shopHref} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          Volver a {product.store.name}
        </Group>
      </Anchor>
      <Grid gap={{ base: 'lg', md: 48 }}>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <ProductGallery product={product} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="md">
            <Stack gap={6}>
              <Group gap="xs">
                <Anchor component={Link} to={shopHref} size="sm" fw={600}>
                  {product.store.name}
                </Anchor>
                <OpenBadge isOpen={product.store.openNow} />
              </Group>
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {product.title}
              </Title>
              <Price
                price={variant?.price ?? product.price}
                compareAtPrice={variant ? variant.compareAtPrice : product.compareAtPrice}
                size="xl"
                testId="product-price"
                taxes={product.taxes}
                unitMeasure={
                  variant
                    ? variant.unitMeasure
                    : product.variants.find((v) => v.price === product.price)?.unitMeasure
                }
              />
            </Stack>

            {hasChoices ? (
              <Stack gap="md">
                {product.options.map((option) => (
                  <VariantOption
                    key={option}
                    product={product}
                    option={option}
                    selected={selected}
                    onSelect={(value) => choose(option, value)}
                  />
                ))}
              </Stack>
            ) : null}

            {stock ? (
              <div aria-live="polite">
                <Badge
                  size="lg"
                  variant="light"
                  tt="none"
                  color={stock.kind === 'out' ? 'gray' : stock.kind === 'low' ? 'orange' : 'green'}
                  data-testid="product-stock"
                >
                  {stock.label}
                </Badge>
              </div>
            ) : null}

            <Group align="flex-end" gap="md" wrap="wrap">
              <QuantityStepper value={quantity} max={max} onChange={setQuantity} />
              {onAddToCart ? (
                <Button
                  size="md"
                  leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                  disabled={!variant || max < 1}
                  onClick={() => variant && onAddToCart({ variantId: variant._id, quantity })}
                >
                  {ADD_TO_CART_LABEL}
                </Button>
              ) : (
                <Tooltip
                  label={COMING_SOON_LABEL}
                  withArrow
                  events={{ hover: true, focus: true, touch: true }}
                >
                  <Button
                    size="md"
                    leftSection={<IconShoppingCartPlus size={18} aria-hidden />}
                    data-disabled
                    aria-disabled="true"
                    onClick={(event) => event.preventDefault()}
                  >
                    {ADD_TO_CART_LABEL}
                  </Button>
                </Tooltip>
              )}
            </Group>
            {onAddToCart ? null : (
              <Text size="xs" c="dimmed">
                El carrito llega muy pronto: por ahora podés recorrer los productos y elegir
                variantes.
              </Text>
            )}
            <WhatsAppContact store={product.store} productTitle={product.title} />

            {product.description ? (
              <Stack gap={4}>
                <Title order={2} size="h5">
                  Descripción
                </Title>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {product.description}
                </Text>
              </Stack>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
