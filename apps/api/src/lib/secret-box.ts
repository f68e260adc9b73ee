import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Secrets kept at rest sealed (AES-256-GCM): a TOTP secret read from a database dump is useless
 * without the server's key. The key is derived from SESSION_SECRET, so rotating that secret also
 * asks every operator to enrol their second factor again (decision 043).
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string }

export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = createHash('sha256').update(`barrio:${purpose}:${serverSecret}`).digest()
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('sealed secret: unknown format')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}
