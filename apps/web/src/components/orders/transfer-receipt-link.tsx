import { Anchor, Loader } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { getErrorMessage } from '@/lib/http/api-error'
import { saveFile } from '@/lib/save-file'
import { showErrorToast } from '@/lib/toast'

/**
 * A transfer receipt's link on the customer's and the store's order pages. The file is served
 * only to the order's customer and the store's team, with the session and request headers
 * (decision 037), so the link fetches it and hands it to the browser under its name.
 */
export function TransferReceiptLink({
  fileName,
  load,
  children,
  testId,
}: {
  fileName: string
  load: () => Promise<Blob>
  children: ReactNode
  testId?: string
}) {
  const open = useMutation({
    mutationFn: async () => saveFile(await load(), fileName),
    onError: (error) =>
      showErrorToast(getErrorMessage(error, 'No pudimos abrir el comprobante. Probá de nuevo.')),
  })
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      ta="left"
      onClick={() => open.mutate()}
      disabled={open.isPending}
      aria-busy={open.isPending}
      data-testid={testId}
    >
      {children}
      {open.isPending ? <Loader size={12} ml={6} aria-hidden /> : null}
    </Anchor>
  )
}
