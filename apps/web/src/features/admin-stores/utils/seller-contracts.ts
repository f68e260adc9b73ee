import { importInStages } from '@/lib/import-in-stages'

/**
 * Evaluates the schemas every seller page reads before their chunks, one contracts module per task
 * (lib/import-in-stages.ts). Built with the admin shell's chunk, they were ~90 ms of one 150 ms
 * task of the dashboard's start on a phone (4x CPU; issue 29, blocking time); the shell, the admin
 * layout, the pages and the seller's stores then evaluate only their own code. Zod comes with the
 * first module (not `import('zod')`: the whole package, ~75 KB more, where the contracts' imports
 * take only what they use).
 */
export const evaluateSellerContracts = importInStages([
  () => import('@barrio/contracts/dates'),
  () => import('@barrio/contracts/common'),
  () => import('@barrio/contracts/enums'),
  () => import('@barrio/contracts/pagination'),
  () => import('@barrio/contracts/auth'),
  () => import('@barrio/contracts/stores'),
  () => import('@barrio/contracts/admin-stores'),
])
