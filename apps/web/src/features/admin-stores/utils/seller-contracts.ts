import { CONTRACTS_FOUNDATION } from '@/lib/contracts-foundation'
import { importInStages } from '@/lib/import-in-stages'

/**
 * Evaluates the schemas every seller page reads before their chunks, one contracts module per task
 * (lib/import-in-stages.ts). Built with the admin shell's chunk, they were ~90 ms of one 150 ms
 * task of the dashboard's start on a phone (4x CPU; issue 29, blocking time); the shell, the admin
 * layout, the pages and the seller's stores then evaluate only their own code.
 */
export const evaluateSellerContracts = importInStages([
  ...CONTRACTS_FOUNDATION,
  () => import('@barrio/contracts/admin-stores'),
])
