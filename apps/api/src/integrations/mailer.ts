import nodemailer, { type Transporter } from 'nodemailer'

export type Email = {
  to: string
  subject: string
  text: string
  html: string
  /** Files sent with the message (an invoice's PDF), base64 so the outbox row stays JSON. */
  attachments?: Array<{ filename: string; contentType: string; contentBase64: string }>
}

export type Mailer = {
  /** 'smtp' delivers for real; 'log' only logs (no SMTP_URL configured). */
  mode: 'smtp' | 'log'
  send(email: Email): Promise<void>
  close(): void
}

/**
 * Real SMTP through nodemailer when SMTP_URL is set. Plain `smtp://` on loopback skips STARTTLS
 * (a local capture server has no certificate); `smtps://` and remote hosts use TLS as usual.
 */
export function createMailer({
  smtpUrl,
  from,
}: {
  smtpUrl: string | undefined
  from: string
}): Mailer {
  if (!smtpUrl) {
    return { mode: 'log', async send() {}, close() {} }
  }
  const url = new URL(smtpUrl)
  const isLoopback = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)
  const transporter: Transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    ignoreTLS: isLoopback && url.protocol === 'smtp:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    // Bounded, so one message never outlives the outbox worker's claim on it (outbox.worker.ts).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  return {
    mode: 'smtp',
    async send(email) {
      const { attachments, ...message } = email
      await transporter.sendMail({
        from,
        ...message,
        attachments: attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.contentBase64,
          encoding: 'base64',
        })),
      })
    },
    close() {
      transporter.close()
    },
  }
}
