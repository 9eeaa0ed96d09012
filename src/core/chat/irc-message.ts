/**
 * One IRC line with IRCv3 message tags (https://ircv3.net/specs/extensions/message-tags), as
 * Twitch's chat sends it over WebSocket: `@tag=value;… :prefix COMMAND param … :trailing`.
 * Written here rather than kept from a library (decision 0051). Never throws: a line it cannot
 * read is null.
 */
export type IrcMessage = {
  tags: Record<string, string>
  /** The source: `nick!user@host` or a server name; '' when absent. */
  prefix: string
  command: string
  params: string[]
}

const UNESCAPE: Record<string, string> = { ':': ';', s: ' ', '\\': '\\', r: '\r', n: '\n' }

/** A tag value's escapes undone: `\:` `;`, `\s` space, `\\` `\`, `\r` `\n`; other `\x` is x; a lone trailing `\` is dropped. */
export function unescapeTagValue(value: string): string {
  let out = ''
  for (let i = 0; i < value.length; i++) {
    const c = value[i] as string
    if (c !== '\\') out += c
    else if (i + 1 < value.length) {
      const next = value[++i] as string
      out += UNESCAPE[next] ?? next
    }
  }
  return out
}

/** The escapes of a tag value (what unescapeTagValue undoes). */
export function escapeTagValue(value: string): string {
  return value.replace(
    /[\\; \r\n]/g,
    (c) => ({ '\\': '\\\\', ';': '\\:', ' ': '\\s', '\r': '\\r', '\n': '\\n' })[c] ?? c,
  )
}

function parseTags(text: string): Record<string, string> {
  const tags: Record<string, string> = {}
  for (const part of text.split(';')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const key = eq === -1 ? part : part.slice(0, eq)
    tags[key] = eq === -1 ? '' : unescapeTagValue(part.slice(eq + 1))
  }
  return tags
}

/** Reads one line (without its CRLF); null when it holds no command. */
export function parseIrcMessage(line: string): IrcMessage | null {
  let rest = line.replace(/\r?\n$/, '')
  let tags: Record<string, string> = {}
  let prefix = ''
  if (rest.startsWith('@')) {
    const space = rest.indexOf(' ')
    if (space === -1) return null
    tags = parseTags(rest.slice(1, space))
    rest = rest.slice(space + 1).replace(/^ +/, '')
  }
  if (rest.startsWith(':')) {
    const space = rest.indexOf(' ')
    if (space === -1) return null
    prefix = rest.slice(1, space)
    rest = rest.slice(space + 1).replace(/^ +/, '')
  }
  const params: string[] = []
  let command = ''
  while (rest !== '') {
    if (command !== '' && rest.startsWith(':')) {
      params.push(rest.slice(1))
      break
    }
    const space = rest.indexOf(' ')
    const word = space === -1 ? rest : rest.slice(0, space)
    if (command === '') command = word.toUpperCase()
    else params.push(word)
    rest = space === -1 ? '' : rest.slice(space + 1).replace(/^ +/, '')
  }
  if (!/^([A-Z]+|\d{3})$/.test(command)) return null
  return { tags, prefix, command, params }
}

/** Writes a message as one line (no CRLF), the last parameter as trailing: parseIrcMessage reads it back. */
export function formatIrcMessage(message: IrcMessage): string {
  const parts: string[] = []
  const tags = Object.entries(message.tags)
  if (tags.length > 0)
    parts.push(`@${tags.map(([k, v]) => (v === '' ? k : `${k}=${escapeTagValue(v)}`)).join(';')}`)
  if (message.prefix) parts.push(`:${message.prefix}`)
  parts.push(message.command)
  message.params.forEach((param, i) => {
    parts.push(i === message.params.length - 1 ? `:${param}` : param)
  })
  return parts.join(' ')
}

/** A Twitch message split into lines (one WebSocket frame may hold several, CRLF-separated). */
export const ircLines = (frame: string): string[] => frame.split(/\r?\n/).filter((line) => line !== '')
