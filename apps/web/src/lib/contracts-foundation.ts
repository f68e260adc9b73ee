/**
 * The contracts modules whose schemas most pages' schemas build on, leaves first, as stages for
 * `importInStages` (decision 069): a page's list adds its own after them. Zod comes in with the
 * first (not `import('zod')`: the whole package, ~75 KB more, where the contracts' imports take
 * only what they use).
 */
export const CONTRACTS_FOUNDATION: ReadonlyArray<() => Promise<unknown>> = [
  () => import('@barrio/contracts/dates'),
  () => import('@barrio/contracts/common'),
  () => import('@barrio/contracts/enums'),
  () => import('@barrio/contracts/pagination'),
  () => import('@barrio/contracts/auth'),
  () => import('@barrio/contracts/stores'),
]
