import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createMailer, type Mailer, type MailMessage } from '../mail/mailer'

export type CapturedMail = MailMessage & { raw: Buffer }

/** The outbox mailer into a folder of its own, remembering each mail and its raw message (tests). */
export function captureMails(): { mailer: Mailer; sent: CapturedMail[]; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'whirl-mails-'))
  const outbox = createMailer({ kind: 'outbox', dir, from: 'Whirl <billing@whirl.test>' }, { info() {} })
  const sent: CapturedMail[] = []
  return {
    sent,
    mailer: {
      kind: 'outbox',
      async send(message) {
        const result = await outbox.send(message)
        sent.push({ ...message, raw: readFileSync(result.file ?? '') })
        return result
      },
      close() {},
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  }
}

export type ParsedMail = {
  subject: string
  to: string
  contentType: string
  defects: number
  plain: string | null
  html: string | null
}

const PARSE = `
import email, json, sys
from email import policy
m = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)
def part(kind):
    p = m.get_body(preferencelist=(kind,))
    return None if p is None else p.get_content()
def defects(p):
    return len(p.defects) + sum(defects(s) for s in p.iter_parts()) if p.is_multipart() else len(p.defects)
print(json.dumps({"subject": str(m["subject"]), "to": str(m["to"]), "contentType": m.get_content_type(),
  "defects": defects(m), "plain": part("plain"), "html": part("html")}))
`

/** A raw message as Python's `email` package reads it (policy.default): headers and both parts. */
export function parseWithPython(raw: Buffer): ParsedMail {
  const run = spawnSync('python3', ['-c', PARSE], { input: raw, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`python3 could not parse the mail: ${run.stderr}`)
  return JSON.parse(run.stdout) as ParsedMail
}
