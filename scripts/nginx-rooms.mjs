// Live-room viewers for the nginx test (issue 35): headless WebSocket clients through nginx that
// reconnect as the pages do (here after 200 ms), and remember each room state they were sent.
import WebSocket from 'ws'

export function followRoom(url, code) {
  let socket = null
  let stopped = false
  let opens = 0
  const states = []
  const connect = () => {
    if (stopped) return
    const next = new WebSocket(`${url.replace(/^http/, 'ws')}/api/rooms/${code}/live`)
    socket = next
    next.on('open', () => {
      opens++
    })
    next.on('message', (data) => {
      const message = JSON.parse(data.toString())
      if (message.type === 'state') states.push(message.room)
    })
    next.on('close', () => setTimeout(connect, 200))
    next.on('error', () => {})
  }
  connect()
  return {
    opens: () => opens,
    isOpen: () => socket?.readyState === WebSocket.OPEN,
    /** Whether a state with at least `spins` spins in its history arrived. */
    heard: (spins) => states.some((room) => room.history.length >= spins),
    stop() {
      stopped = true
      socket?.terminate()
    },
  }
}
