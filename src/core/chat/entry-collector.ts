import type { IrcMessage } from './irc-message'

/**
 * Chat entries (issue 36): while entries are open, each chatter whose whole message is the keyword
 * (any case, spaces around ignored) joins once, by Twitch user id (a changed display name is the
 * same person). Filters come from the message's badges; closed, the list is frozen.
 * Followers cannot be told apart in an anonymous connection, so there is no follower filter.
 */
export type EntryFilters = {
  keyword: string
  /** When any is on, only chatters with one of these badges enter (the broadcaster counts as a moderator). */
  subscribers: boolean
  moderators: boolean
  vips: boolean
  /** null: no maximum. */
  maxEntrants: number | null
}

export type Entrant = { userId: string; name: string }

export const DEFAULT_KEYWORD = '!join'
export const MAX_ENTRANTS = 10_000

export const DEFAULT_FILTERS: EntryFilters = {
  keyword: DEFAULT_KEYWORD,
  subscribers: false,
  moderators: false,
  vips: false,
  maxEntrants: null,
}

/** Invisible characters some chat clients append so a repeated message is not dropped as a duplicate. */
const INVISIBLE = /[\p{Cf}\u{E0000}-\u{E007F}]/gu
const normalise = (text: string) => text.replace(INVISIBLE, '').trim().toLowerCase()

/** The badge names of a message (`badges=subscriber/12,vip/1`). */
export function badgesOf(message: IrcMessage): Set<string> {
  const names = (message.tags.badges ?? '')
    .split(',')
    .filter(Boolean)
    .map((badge) => badge.split('/')[0] ?? '')
  return new Set(names)
}

function allowed(message: IrcMessage, filters: EntryFilters): boolean {
  if (!filters.subscribers && !filters.moderators && !filters.vips) return true
  const badges = badgesOf(message)
  const subscriber = badges.has('subscriber') || badges.has('founder') || message.tags.subscriber === '1'
  const moderator = badges.has('moderator') || badges.has('broadcaster') || message.tags.mod === '1'
  const vip = badges.has('vip') || message.tags.vip === '1'
  return (filters.subscribers && subscriber) || (filters.moderators && moderator) || (filters.vips && vip)
}

/** Who sent a PRIVMSG: the user-id tag and display name, else the nick of the prefix. */
export function chatterOf(message: IrcMessage): Entrant {
  const nick = message.prefix.split('!')[0] ?? ''
  const userId = message.tags['user-id'] || `nick:${nick.toLowerCase()}`
  return { userId, name: message.tags['display-name'] || nick }
}

export type EntryCollector = ReturnType<typeof createEntryCollector>

export function createEntryCollector(initial: EntryFilters = DEFAULT_FILTERS) {
  let filters = initial
  let open = false
  const entrants: Entrant[] = []
  const ids = new Set<string>()
  let version = 0

  return {
    get open() {
      return open
    },
    /** Bumped on every change: a view redraws when it moves. */
    get version() {
      return version
    },
    get entrants(): readonly Entrant[] {
      return entrants
    },
    get filters() {
      return filters
    },
    setFilters(next: EntryFilters) {
      filters = next
      version++
    },
    openEntries() {
      open = true
      version++
    },
    closeEntries() {
      open = false
      version++
    },
    /** Reads one chat message; true when it added an entrant. */
    receive(message: IrcMessage): boolean {
      if (!open || message.command !== 'PRIVMSG') return false
      const text = message.params[message.params.length - 1] ?? ''
      if (normalise(text) !== normalise(filters.keyword)) return false
      const max = Math.min(filters.maxEntrants ?? MAX_ENTRANTS, MAX_ENTRANTS)
      if (entrants.length >= max) return false
      const chatter = chatterOf(message)
      if (ids.has(chatter.userId) || !allowed(message, filters)) return false
      ids.add(chatter.userId)
      entrants.push(chatter)
      version++
      return true
    },
    /** The host removes an entrant before drawing (they may type the keyword again while open). */
    remove(userId: string) {
      const at = entrants.findIndex((e) => e.userId === userId)
      if (at === -1) return
      entrants.splice(at, 1)
      ids.delete(userId)
      version++
    },
    clear() {
      entrants.length = 0
      ids.clear()
      version++
    },
  }
}
