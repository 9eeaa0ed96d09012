import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Config } from '../config/config'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: string
}

export type Mailer = {
  kind: 'smtp' | 'outbox'
  /** Sends one mail; rejects when the mail server is unreachable or refuses it. */
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>
  close(): void
}

type Log = { info(obj: object, msg: string): void }

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to the outbox
 * folder (./data/outbox), so a local install works with no mail server.
 */
export function createMailer(config: Config['mail'], log: Log): Mailer {
  if (config.kind === 'smtp') {
    const url = new URL(config.url)
    for (const [key, value] of Object.entries({
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, String(value))
    }
    const transport = nodemailer.createTransport(url.toString())
    return {
      kind: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from: config.from, ...message })
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent')
        return { messageId: info.messageId }
      },
      close: () => transport.close(),
    }
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: config.from, ...message })
      await mkdir(config.dir, { recursive: true, mode: 0o700 })
      const file = path.join(
        config.dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      )
      // Readable by the owner only: these mails hold reset links. Written whole under another name
      // first, so that a reader of the outbox never finds half a mail.
      const partial = `${file}.partial`
      await writeFile(partial, info.message as Buffer, { mode: 0o600 })
      await rename(partial, file)
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox')
      return { messageId: info.messageId, file }
    },
    close: () => {},
  }
}
