import { CONTRACTS_FOUNDATION } from '@/lib/contracts-foundation'
import { importInStages } from '@/lib/import-in-stages'

/**
 * Evaluates the schemas the checkout's pages read before their chunks, one contracts module per
 * task (lib/import-in-stages.ts), as the seller's pages do (admin-stores/utils/seller-contracts.ts):
 * with the review's chunk they were one long task of its start on a phone (issue 29, blocking time).
 */
export const evaluateCheckoutContracts = importInStages([
  ...CONTRACTS_FOUNDATION,
  () => import('@barrio/contracts/products'),
  () => import('@barrio/contracts/checkout'),
])
