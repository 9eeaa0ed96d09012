import { createServer } from 'node:https'
import type { Page } from '@playwright/test'
import { WebSocket, WebSocketServer } from 'ws'

/**
 * A loopback stand-in for Twitch's chat (tests never reach Twitch): it answers an anonymous client
 * as Twitch documents (CAP ACK, 001, JOIN, ROOMSTATE), sends PRIVMSG with IRCv3 tags, PING,
 * RECONNECT and NOTICE, and can drop the socket. `route` points the page's connection to Twitch
 * at it (the product's endpoint is fixed; only the test reroutes it).
 */
export async function startTwitchLoopback(options: { tls?: { key: string; cert: string } } = {}) {
  // With `tls`, over wss:// on an HTTPS server, so a browser can reach it as Twitch's own host
  // (the giveaway bench maps that host here: the page's real WebSocket, no rerouting).
  const https = options.tls ? createServer(options.tls) : null
  const server = https
    ? new WebSocketServer({ server: https })
    : new WebSocketServer({ host: '127.0.0.1', port: 0 })
  if (https) await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve))
  else await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const address = https ? https.address() : server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const url = `${https ? 'wss' : 'ws'}://127.0.0.1:${port}`
  const joined = new Set<WebSocket>()
  let joins = 0
  let pongs = 0
  const waiters: (() => void)[] = []
  const wake = () => {
    for (const w of waiters.splice(0)) w()
  }

  server.on('connection', (socket) => {
    let nick = 'justinfan0'
    socket.on('message', (data) => {
      for (const line of data.toString().split('\r\n').filter(Boolean)) {
        const [command, ...rest] = line.split(' ')
        if (command === 'CAP') socket.send(':tmi.twitch.tv CAP * ACK :twitch.tv/tags twitch.tv/commands\r\n')
        else if (command === 'NICK') {
          nick = rest[0] ?? nick
          socket.send(`:tmi.twitch.tv 001 ${nick} :Welcome, GLHF!\r\n:tmi.twitch.tv 376 ${nick} :>\r\n`)
        } else if (command === 'JOIN') {
          const channel = rest[0] ?? ''
          socket.send(
            `:${nick}!${nick}@${nick}.tmi.twitch.tv JOIN ${channel}\r\n` +
              `@emote-only=0;followers-only=-1;r9k=0;room-id=1337;slow=0;subs-only=0 :tmi.twitch.tv ROOMSTATE ${channel}\r\n`,
          )
          joined.add(socket)
          joins++
          wake()
        } else if (command === 'PONG') {
          pongs++
          wake()
        }
      }
    })
    socket.on('close', () => joined.delete(socket))
  })

  const broadcast = (text: string) => {
    for (const socket of joined) socket.send(`${text}\r\n`)
  }
  const until = async (ok: () => boolean) => {
    while (!ok()) await new Promise<void>((resolve) => waiters.push(resolve))
  }

  return {
    url,
    port,
    get joins() {
      return joins
    },
    /** Resolves once `n` JOINs have been answered in all. */
    joined: (n: number) => until(() => joins >= n),
    /** A chat message as Twitch sends it with tags (the display name escaped as IRCv3 tag values are). */
    say(userId: string, name: string, text: string, badges = '') {
      const escaped = name.replace(/\\/g, '\\\\').replace(/;/g, '\\:').replace(/ /g, '\\s')
      const login = `user${userId}`
      const tags = `badge-info=;badges=${badges};color=#1E90FF;display-name=${escaped};emotes=;id=m${userId}-${Math.random()};mod=${badges.includes('moderator') ? 1 : 0};room-id=1337;subscriber=${badges.includes('subscriber') ? 1 : 0};tmi-sent-ts=${Date.now()};turbo=0;user-id=${userId};user-type=`
      broadcast(`@${tags} :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #streamer :${text}`)
    },
    /** PING; resolves once the client has answered PONG. */
    async ping() {
      const before = pongs
      broadcast('PING :tmi.twitch.tv')
      await until(() => pongs > before)
    },
    notice: (text: string) =>
      broadcast(`@msg-id=msg_channel_suspended :tmi.twitch.tv NOTICE #streamer :${text}`),
    /** Twitch's RECONNECT: the client should connect again; the server then closes the socket. */
    reconnect() {
      broadcast(':tmi.twitch.tv RECONNECT')
      for (const socket of joined) setTimeout(() => socket.close(), 50)
    },
    /** The socket dropped without a word. */
    drop() {
      for (const socket of joined) socket.terminate()
    },
    /** The page's WebSocket to Twitch goes here instead. */
    async route(page: Page) {
      await page.routeWebSocket(/irc-ws\.chat\.twitch\.tv/, (ws) => {
        const upstream = new WebSocket(url)
        const pending: string[] = []
        upstream.on('open', () => {
          for (const m of pending.splice(0)) upstream.send(m)
        })
        upstream.on('message', (data) => ws.send(data.toString()))
        upstream.on('close', () => ws.close())
        ws.onMessage((message) => {
          const text = typeof message === 'string' ? message : message.toString()
          if (upstream.readyState === WebSocket.OPEN) upstream.send(text)
          else pending.push(text)
        })
        ws.onClose(() => upstream.close())
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => (https ? https.close(() => resolve()) : resolve()))
      }),
  }
}
