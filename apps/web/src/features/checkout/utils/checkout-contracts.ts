import { importInStages } from '@/lib/import-in-stages'

/**
 * Evaluates the schemas the checkout's pages read before their chunks, one contracts module per
 * task (lib/import-in-stages.ts), as the seller's pages do (admin-stores/utils/seller-contracts.ts):
 * with the review's chunk they were one long task of its start on a phone (issue 29, blocking time).
 */
export const evaluateCheckoutContracts = importInStages([
  () => import('@barrio/contracts/dates'),
  () => import('@barrio/contracts/common'),
  () => import('@barrio/contracts/enums'),
  () => import('@barrio/contracts/pagination'),
  () => import('@barrio/contracts/auth'),
  () => import('@barrio/contracts/stores'),
  () => import('@barrio/contracts/products'),
  () => import('@barrio/contracts/checkout'),
])
