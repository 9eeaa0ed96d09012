import { type IrcMessage, ircLines, parseIrcMessage } from '../../../core/chat/irc-message'

/** Twitch's chat over WebSocket, read anonymously (no token, no account), as Twitch documents. */
export const TWITCH_CHAT_URL = 'wss://irc-ws.chat.twitch.tv:443'

export type ChatStatus =
  | { state: 'connecting' }
  | { state: 'joined'; channel: string }
  | { state: 'reconnecting'; inMs: number }
  | { state: 'closed' }

export type ChatHandlers = {
  onMessage: (message: IrcMessage) => void
  onStatus: (status: ChatStatus) => void
  /** A NOTICE from Twitch (for example, the channel does not exist). */
  onNotice: (text: string) => void
}

/** A channel name as Twitch spells logins: 1–25 letters, digits or _, any case, a leading # or URL dropped. */
export function channelOf(input: string): string | null {
  const name = input
    .trim()
    .replace(/^https?:\/\/(www\.)?twitch\.tv\//i, '')
    .replace(/^#/, '')
    .replace(/\/.*$/, '')
    .toLowerCase()
  return /^[a-z0-9_]{1,25}$/.test(name) ? name : null
}

const MAX_BACKOFF_MS = 30_000

/**
 * Reads one channel's chat: CAP REQ for tags and commands, an anonymous justinfan nick, JOIN;
 * answers PING with PONG; on RECONNECT or a dropped socket connects again (at once after a
 * RECONNECT, else after 1, 2, 4 … 30 s). `url` is Twitch's; tests give a loopback server.
 */
export function connectTwitchChat(
  channel: string,
  handlers: ChatHandlers,
  url: string = TWITCH_CHAT_URL,
): { close: () => void } {
  let socket: WebSocket | null = null
  let closed = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const connect = () => {
    if (closed) return
    handlers.onStatus({ state: 'connecting' })
    const ws = new WebSocket(url)
    socket = ws
    let asked = false
    ws.onopen = () => {
      const nick = `justinfan${10_000 + Math.floor(Math.random() * 89_999)}`
      ws.send('CAP REQ :twitch.tv/tags twitch.tv/commands')
      ws.send(`NICK ${nick}`)
      ws.send(`JOIN #${channel}`)
    }
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return
      for (const line of ircLines(event.data)) {
        const message = parseIrcMessage(line)
        if (!message) continue
        if (message.command === 'PING') ws.send(`PONG :${message.params[0] ?? 'tmi.twitch.tv'}`)
        else if (message.command === 'RECONNECT') {
          asked = true
          ws.close()
        } else if (message.command === 'JOIN' || message.command === 'ROOMSTATE') {
          failures = 0
          handlers.onStatus({ state: 'joined', channel })
        } else if (message.command === 'NOTICE') handlers.onNotice(message.params.at(-1) ?? '')
        else if (message.command === 'PRIVMSG') handlers.onMessage(message)
      }
    }
    ws.onclose = () => {
      if (socket !== ws || closed) return
      const inMs = asked ? 0 : Math.min(1000 * 2 ** failures, MAX_BACKOFF_MS)
      failures++
      handlers.onStatus({ state: 'reconnecting', inMs })
      timer = setTimeout(connect, inMs)
    }
  }
  connect()
  return {
    close() {
      closed = true
      clearTimeout(timer)
      socket?.close()
      handlers.onStatus({ state: 'closed' })
    },
  }
}
