import { useConfirmRequest } from '@/components/confirm/confirm'
import { lazyOnOpen } from '@/lib/lazy-on-open'

const ConfirmDialog = lazyOnOpen(() =>
  import('@/components/confirm/confirm-dialog').then((m) => m.ConfirmDialog),
)

/** Mounts the confirmation popup when confirm() asks something (once per app, in the providers). */
export function ConfirmHost() {
  const request = useConfirmRequest()
  return <ConfirmDialog open={request !== null} request={request} />
}
