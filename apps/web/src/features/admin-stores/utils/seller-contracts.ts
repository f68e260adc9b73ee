import { yieldToBrowser } from '@/lib/yield-to-browser'

/**
 * The contracts' zod schemas every seller page reads, leaves first (a module evaluates the ones it
 * imports with it). Their schemas are built when the module evaluates. Zod itself comes with the
 * first (not `import('zod')`: the whole package, ~75 KB more, where the contracts' imports take
 * only what they use).
 */
const STAGES = [
  () => import('@barrio/contracts/dates'),
  () => import('@barrio/contracts/common'),
  () => import('@barrio/contracts/enums'),
  () => import('@barrio/contracts/pagination'),
  () => import('@barrio/contracts/auth'),
  () => import('@barrio/contracts/stores'),
  () => import('@barrio/contracts/admin-stores'),
]

let evaluated: Promise<void> | null = null

/**
 * Evaluates the seller pages' schemas before their chunks, each stage in a task of its own. Built
 * with the admin shell's chunk, they were ~90 ms of one 150 ms task of the dashboard's start on a
 * phone (4x CPU; issue 29, blocking time); the shell and the page then evaluate only their own
 * code. Once per page load: later seller pages find them evaluated. The chunks are already
 * modulepreloaded by index.html with the page's, so no stage waits on the network.
 */
export function evaluateSellerContracts(): Promise<void> {
  evaluated ??= (async () => {
    for (const stage of STAGES) {
      await stage()
      await yieldToBrowser()
    }
  })()
  return evaluated
}
