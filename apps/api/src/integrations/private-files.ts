import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { S3Config } from './storage.ts'

/**
 * Files only the API hands out, after its own access check (transfer receipts, decision 037):
 * never under DATA_DIR/uploads, which /uploads serves to anyone. Locally DATA_DIR/private; with
 * S3_* the same bucket under `private/`, read back through the API with the bucket's credentials
 * (the bucket's public read must not cover that prefix: docs/operations.md).
 */
export type PrivateFiles = {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The file's bytes, or null when there is none under that key. */
  get(key: string): Promise<Buffer | null>
  remove(keys: string[]): Promise<void>
}

export const PRIVATE_S3_PREFIX = 'private/'

/** Keys come from our own code, but a key that climbs out of the folder is refused all the same. */
function localPath(dir: string, key: string): string {
  const file = path.resolve(dir, key)
  if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error(`Clave inválida: ${key}`)
  return file
}

export function createPrivateFiles({
  dir,
  s3,
}: {
  dir: string
  s3: S3Config | null
}): PrivateFiles {
  if (s3) {
    const client = new S3Client({
      region: s3.region,
      ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
      forcePathStyle: s3.forcePathStyle,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    })
    const objectKey = (key: string) => `${PRIVATE_S3_PREFIX}${key}`
    return {
      async put(key, body, contentType) {
        await client.send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: objectKey(key),
            Body: body,
            ContentType: contentType,
            CacheControl: 'private, no-store',
          }),
        )
      },
      async get(key) {
        try {
          const answer = await client.send(
            new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }),
          )
          return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null
        } catch (err) {
          if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey')
            return null
          throw err
        }
      },
      async remove(keys) {
        for (const key of keys)
          await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: objectKey(key) }))
      },
    }
  }
  return {
    async put(key, body) {
      const file = localPath(dir, key)
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, body)
    },
    async get(key) {
      try {
        return await readFile(localPath(dir, key))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    async remove(keys) {
      for (const key of keys) await rm(localPath(dir, key), { force: true })
    },
  }
}
