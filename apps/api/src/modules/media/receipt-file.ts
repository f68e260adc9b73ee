import { randomUUID } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { TRANSFER_RECEIPT_MAX_BYTES, type TransferReceipt } from '@barrio/contracts/orders'
import { AppError } from '../../lib/errors.ts'
import type { PrivateFiles } from '../../integrations/private-files.ts'
import { sniffImage, type UploadedFile } from './image-pipeline.ts'

const MAX_MB = Math.round(TRANSFER_RECEIPT_MAX_BYTES / (1024 * 1024))
const FIELD = 'file'

const invalid = (message: string) =>
  new AppError('INVALID', message, { errors: [{ name: FIELD, message }] })

/** A receipt's type from its first bytes (never from its name or declared type). */
export function sniffReceipt(head: Buffer): TransferReceipt['contentType'] | null {
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf'
  const image = sniffImage(head)
  return image ? `image/${image}` : null
}

const EXTENSIONS: Record<TransferReceipt['contentType'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
}

/**
 * Checks a transfer receipt (an image or a PDF, at most 5 MB, decision 037): its type comes from
 * its bytes. Kept as it was sent (a receipt is evidence: no resizing), under an unguessable key.
 */
export function checkReceipt(file: UploadedFile | null): {
  file: UploadedFile
  contentType: TransferReceipt['contentType']
} {
  if (!file || file.data.length === 0) {
    throw new AppError('MISSING_REQUIRED_FIELD', 'Elegí el comprobante de la transferencia.', {
      errors: [{ name: FIELD, message: 'Elegí el comprobante' }],
    })
  }
  if (file.data.length > TRANSFER_RECEIPT_MAX_BYTES)
    throw invalid(`"${file.filename}" supera los ${MAX_MB} MB.`)
  const contentType = sniffReceipt(file.data.subarray(0, 12))
  if (!contentType)
    throw invalid(`"${file.filename}" no es una imagen (JPEG, PNG o WebP) ni un PDF.`)
  return { file, contentType }
}

/** What the order keeps of its receipt (payment details); the DTO adds the route that serves it. */
export type StoredReceipt = Omit<TransferReceipt, 'url'> & { key: string }

/**
 * Stores a checked receipt of the order among the private files (never under the public
 * /uploads: only the order's customer and its store's team read it, through the API); its key
 * carries a fresh id.
 */
export async function storeReceipt(
  files: PrivateFiles,
  orderId: string,
  checked: ReturnType<typeof checkReceipt>,
): Promise<StoredReceipt> {
  const key = `receipts/${orderId}/${randomUUID()}.${EXTENSIONS[checked.contentType]}`
  await files.put(key, checked.file.data, checked.contentType)
  return {
    key,
    fileName: checked.file.filename.slice(0, 200),
    contentType: checked.contentType,
    uploadedAt: new Date().toISOString(),
  }
}

/**
 * `Content-Disposition` of a receipt served back: shown in the browser (inline) under the name it
 * was sent with (RFC 6266: an ASCII fallback, and the UTF-8 name).
 */
export function receiptDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_')
  return `inline; filename="${ascii || 'comprobante'}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Answers a receipt file to someone already allowed to read it: as sent, never cached by shared
 * caches, never sniffed into another type by the browser.
 */
export function sendReceipt(
  reply: FastifyReply,
  file: { body: Buffer; contentType: string; fileName: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', receiptDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body)
}

/**
 * Reads the multipart field `file` (one receipt) into memory, refusing more than 5 MB with a
 * Spanish message; a body that is not well-formed multipart is the client's error (400).
 */
export async function readReceiptUpload(request: FastifyRequest): Promise<UploadedFile | null> {
  if (!request.isMultipart()) {
    throw new AppError(
      'BAD_REQUEST',
      'Enviá el comprobante como multipart/form-data en el campo "file".',
    )
  }
  let found: UploadedFile | null = null
  try {
    for await (const part of request.files({
      limits: { fileSize: TRANSFER_RECEIPT_MAX_BYTES, files: 1 },
    })) {
      if (part.fieldname !== FIELD || found) {
        part.file.resume()
        continue
      }
      const data = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const message = `"${part.filename}" supera los ${MAX_MB} MB.`
          throw new AppError('UNPROCESSABLE_ENTITY', message, {
            errors: [{ name: FIELD, message }],
          })
        }
        throw err
      })
      found = { filename: part.filename || 'comprobante', data }
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw invalid('Subí un solo comprobante por vez.')
    request.log.info({ err }, 'malformed multipart body')
    throw invalid(
      'No pudimos leer el comprobante: el envío llegó incompleto o mal armado. Probá de nuevo.',
    )
  }
  return found
}
