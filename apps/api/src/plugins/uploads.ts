import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { MAX_IMAGES_PER_UPLOAD } from '@barrio/contracts/constants'
import { AppError } from '../lib/errors.ts'
import type { UploadedFile } from '../modules/media/image-pipeline.ts'
import { MAX_IMAGE_BYTES } from '../modules/media/image-pipeline.ts'
import { createStorage, type S3Config, type Storage } from '../integrations/storage.ts'
import { createPrivateFiles, type PrivateFiles } from '../integrations/private-files.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage
    /** Files served only through the API's own access checks (transfer receipts). */
    privateFiles: PrivateFiles
  }
}

export const MAX_FILES_PER_UPLOAD = MAX_IMAGES_PER_UPLOAD

function invalidUpload(message: string, cause?: unknown) {
  return new AppError('INVALID', message, { errors: [{ name: 'files', message }], cause })
}

/**
 * Reads the multipart field `files` (at most MAX_FILES_PER_UPLOAD files) into memory, refusing
 * files over 10 MB with a Spanish message naming the file. Images are small enough that streaming
 * to disk buys nothing. A body that is not well-formed multipart (no boundary, cut short, broken
 * part headers) is the client's error: 400 INVALID, never a 500.
 */
export async function readUploadedFiles(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw new AppError(
      'BAD_REQUEST',
      'Enviá las imágenes como multipart/form-data en el campo "files".',
    )
  }
  const files: UploadedFile[] = []
  try {
    for await (const part of request.files({
      limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_UPLOAD },
    })) {
      if (part.fieldname !== 'files') {
        part.file.resume()
        continue
      }
      const data = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const message = `"${part.filename}" supera los 10 MB.`
          throw new AppError('UNPROCESSABLE_ENTITY', message, {
            errors: [{ name: 'files', message }],
          })
        }
        throw err
      })
      files.push({ filename: part.filename || 'imagen', data })
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
      throw invalidUpload(`Subí hasta ${MAX_FILES_PER_UPLOAD} imágenes por vez.`, err)
    request.log.info({ err }, 'malformed multipart body')
    throw invalidUpload(
      'No pudimos leer las imágenes: el envío llegó incompleto o mal armado. Probá de nuevo.',
      err,
    )
  }
  return files
}

export const uploadsPlugin = fp<{ uploadsDir: string; privateDir: string; s3: S3Config | null }>(
  async function uploads(app, opts) {
    await app.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10 },
      throwFileSizeLimit: true,
    })
    app.decorate('storage', createStorage({ uploadsDir: opts.uploadsDir, s3: opts.s3 }))
    app.decorate('privateFiles', createPrivateFiles({ dir: opts.privateDir, s3: opts.s3 }))
  },
  { name: 'uploads' },
)
