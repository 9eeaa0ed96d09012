import { formatCount } from '../format/count'
import { msg } from '../i18n/message-id'
import { storableCut } from '../text/storable'
import {
  IMPORT_MESSAGES,
  IMPORTED_WHEEL_NAME,
  type ImportResult,
  type NoteText,
  own,
  readItems,
} from '../wheel/import-export'
import {
  clampSpinDuration,
  createId,
  DEFAULT_SETTINGS,
  MAX_ITEMS,
  MAX_WHEEL_NAME,
  SPIN_DURATION,
  type Wheel,
  type WheelSettings,
} from '../wheel/model'
import { withNewIds } from '../wheel/operations'
import { isPictureUrl, MAX_PICTURE_BYTES } from '../wheel/picture'
import { wheelSchema } from '../wheel/schema'
import { readLegacyName } from './legacy-names'

/**
 * Files from Wheel of Names (wheelofnames.com, github.com/momander/wheel-spinner): a wheel's
 * settings object, as the site exports it or keeps it in its saved-wheels list. Decision 0050.
 * Read leniently, like our own files: what fits Whirl is taken, the rest is named in a note.
 */

/** The fields of a Wheel of Names wheel that Whirl takes (the others are named in the note). */
const USED = new Set([
  'entries',
  'names',
  'title',
  'spinTime',
  'autoRemoveWinner',
  'launchConfetti',
  'playTicks',
  'playCheers',
  'duringSpinSound',
  'afterSpinSound',
  'pictureType',
  'customPictureDataUri',
  'isAdvanced',
])
const NO_SOUND = 'no-sound'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** The wheel objects of a file: itself, or inside {config}, {wheelConfig} or {savedWheels: […]}. */
function wheelsOf(data: unknown): unknown[] | null {
  if (!isRecord(data)) return null
  const saved = own(data, 'savedWheels')
  if (Array.isArray(saved)) return saved.map((one) => unwrap(one) ?? one)
  return [unwrap(data) ?? data]
}

function unwrap(value: unknown): Record<string, unknown> | null {
  for (const key of ['wheelConfig', 'config']) {
    const inner = own(value, key)
    if (isRecord(inner)) return inner
  }
  return null
}

/** The keys of a wrapper around the wheels ({savedWheels, sharedWheels}, {wheelConfig, copyable}) not read. */
function outerKeys(data: unknown): string[] {
  if (!isRecord(data) || isWheelObject(data)) return []
  return Object.keys(data).filter((key) => !['savedWheels', 'wheelConfig', 'config'].includes(key))
}

const isWheelObject = (value: unknown) =>
  isRecord(value) && (Array.isArray(own(value, 'entries')) || Array.isArray(own(value, 'names')))

/** True for a file in Wheel of Names' format (not one of ours, which has `items`). */
export function isWheelOfNamesFile(data: unknown): boolean {
  if (!isRecord(data) || Array.isArray(own(data, 'items'))) return false
  const wheels = wheelsOf(data)
  return wheels !== null && wheels.length > 0 && wheels.some(isWheelObject)
}

type Entry = { text: unknown; image?: unknown; color?: unknown; weight?: unknown; enabled: boolean }

function entriesOf(config: Record<string, unknown>): Entry[] {
  const entries = own(config, 'entries')
  if (Array.isArray(entries))
    return entries.map((entry) => ({
      text: typeof entry === 'string' || typeof entry === 'number' ? entry : own(entry, 'text'),
      image: own(entry, 'image'),
      color: own(entry, 'color'),
      weight: own(entry, 'weight'),
      enabled: own(entry, 'enabled') !== false,
    }))
  const names = own(config, 'names')
  return Array.isArray(names) ? names.map((name) => ({ ...readLegacyName(name), enabled: true })) : []
}

/** The spin time in seconds (a number, or a string as older files have it), or null when there is none. */
function spinSeconds(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN
  return Number.isFinite(n) && n > 0 ? n : null
}

/** A sentence of the note, in English and as a message with values. */
type Note = { english: string; text: NoteText }

function readSettings(config: Record<string, unknown>, notes: Note[]): WheelSettings {
  const seconds = spinSeconds(own(config, 'spinTime'))
  let spinDuration = DEFAULT_SETTINGS.spinDuration
  if (seconds !== null) {
    spinDuration = clampSpinDuration(seconds * 1000)
    if (Math.abs(spinDuration - seconds * 1000) >= SPIN_DURATION.step / 2)
      notes.push({
        english: `Spin time ${formatSeconds(seconds * 1000)} s set to ${formatSeconds(spinDuration)} s: Whirl spins for ${formatSeconds(SPIN_DURATION.min)} to ${formatSeconds(SPIN_DURATION.max)} s.`,
        text: {
          message: msg('Spin time {from} s set to {to} s: Whirl spins for {min} to {max} s.'),
          values: {
            from: formatSeconds(seconds * 1000),
            to: formatSeconds(spinDuration),
            min: formatSeconds(SPIN_DURATION.min),
            max: formatSeconds(SPIN_DURATION.max),
          },
        },
      })
  }
  let during = own(config, 'duringSpinSound')
  let after = own(config, 'afterSpinSound')
  if (own(config, 'playTicks') === false) during = NO_SOUND
  if (own(config, 'playCheers') === false) after = NO_SOUND
  const anySound = [during, after, own(config, 'playTicks'), own(config, 'playCheers')].some(
    (v) => v !== undefined,
  )
  const confetti = own(config, 'launchConfetti')
  return {
    spinDuration,
    soundEnabled: anySound ? !(during === NO_SOUND && after === NO_SOUND) : DEFAULT_SETTINGS.soundEnabled,
    confettiEnabled: typeof confetti === 'boolean' ? confetti : DEFAULT_SETTINGS.confettiEnabled,
    wheelSize: DEFAULT_SETTINGS.wheelSize,
    mode: own(config, 'autoRemoveWinner') === true ? 'elimination' : 'normal',
  }
}

const formatSeconds = (ms: number) => String(Math.round(ms / 100) / 10)

const LISTED = 5
const listed = (texts: string[], max = LISTED) =>
  texts.length > max
    ? `${texts.slice(0, max).join(', ')} and ${formatCount(texts.length - max)} more`
    : texts.join(', ')

type Read = { ok: true; wheel: Wheel; notes: Note[]; unused: string[] } | { ok: false; error: string }

function readWheel(config: Record<string, unknown>, now: () => number): Read {
  const notes: Note[] = []
  const entries = entriesOf(config)
  const onWheel = entries.filter((e) => e.enabled)
  if (onWheel.length > MAX_ITEMS) return { ok: false, error: IMPORT_MESSAGES.tooManyItems(onWheel.length) }
  const items = readItems(onWheel)
  const off = entries.filter((e) => !e.enabled).map((e, i) => readItems([e])[0]?.text ?? `Item ${i + 1}`)
  if (off.length > 0)
    notes.push({
      english: `${formatCount(off.length)} ${off.length === 1 ? 'entry was' : 'entries were'} turned off in Wheel of Names and left off the wheel: ${listed(off)}.`,
      text:
        off.length > LISTED
          ? {
              message: msg(
                '{count, plural, one {# entry was turned off in Wheel of Names and left off the wheel: {names} and {more, number} more.} other {# entries were turned off in Wheel of Names and left off the wheel: {names} and {more, number} more.}}',
              ),
              values: {
                count: off.length,
                names: off.slice(0, LISTED).join(', '),
                more: off.length - LISTED,
              },
            }
          : {
              message: msg(
                '{count, plural, one {# entry was turned off in Wheel of Names and left off the wheel: {names}.} other {# entries were turned off in Wheel of Names and left off the wheel: {names}.}}',
              ),
              values: { count: off.length, names: off.join(', ') },
            },
    })
  const droppedPictures = onWheel.filter(
    (e) => typeof e.image === 'string' && e.image && !isPictureUrl(e.image),
  )
  const center = own(config, 'pictureType') === 'uploaded' ? own(config, 'customPictureDataUri') : undefined
  const centerImage = isPictureUrl(center) ? center : undefined
  const pictureCount = droppedPictures.length + (typeof center === 'string' && center && !centerImage ? 1 : 0)
  if (pictureCount > 0)
    notes.push({
      english: `${formatCount(pictureCount)} ${pictureCount === 1 ? 'picture was' : 'pictures were'} left out: Whirl keeps PNG, JPEG and WebP pictures of up to ${MAX_PICTURE_BYTES / 1024} KB.`,
      text: {
        message: msg(
          '{count, plural, one {# picture was left out: Whirl keeps PNG, JPEG and WebP pictures of up to {kb} KB.} other {# pictures were left out: Whirl keeps PNG, JPEG and WebP pictures of up to {kb} KB.}}',
        ),
        values: { count: pictureCount, kb: MAX_PICTURE_BYTES / 1024 },
      },
    })
  const title = own(config, 'title')
  const name = typeof title === 'string' ? storableCut(title.trim(), MAX_WHEEL_NAME).trim() : ''
  const timestamp = new Date(now()).toISOString()
  const wheel: Wheel = {
    id: createId(now),
    name: name || IMPORTED_WHEEL_NAME,
    items: withNewIds(items, now),
    settings: readSettings(config, notes),
    tally: {},
    ...(centerImage ? { centerImage } : {}),
    createdAt: timestamp,
    updatedAt: timestamp,
  }
  if (!wheelSchema.safeParse(wheel).success) return { ok: false, error: IMPORT_MESSAGES.badShape }
  const unused = Object.keys(config).filter((key) => !USED.has(key))
  return { ok: true, wheel, notes, unused }
}

/**
 * A Wheel of Names file (already parsed JSON) as Whirl wheels: the first, and `more` when the file
 * held several. The note says what came from where and what was left out. Never throws.
 */
export function parseWheelOfNames(data: unknown, now: () => number = Date.now): ImportResult {
  const configs = (wheelsOf(data) ?? []).filter(isWheelObject) as Record<string, unknown>[]
  if (configs.length === 0) return { ok: false, error: IMPORT_MESSAGES.badShape }
  const wheels: Wheel[] = []
  const notes: Note[] = []
  const unused = new Set<string>()
  for (const config of configs) {
    const read = readWheel(config, now)
    if (!read.ok) return read
    wheels.push(read.wheel)
    const several = configs.length > 1
    for (const note of read.notes)
      notes.push(
        several
          ? {
              english: `“${read.wheel.name}”: ${note.english}`,
              text: { ...note.text, wheel: read.wheel.name },
            }
          : note,
      )
    for (const key of read.unused) unused.add(key)
  }
  for (const key of outerKeys(data)) unused.add(key)
  if (unused.size > 0) {
    const keys = [...unused].join(', ')
    notes.push({
      english: `Not used by Whirl: ${keys}.`,
      text: { message: msg('Not used by Whirl: {keys}.'), values: { keys } },
    })
  }
  const [wheel, ...more] = wheels as [Wheel, ...Wheel[]]
  const from: Note =
    wheels.length > 1
      ? {
          english: `${formatCount(wheels.length)} wheels imported from Wheel of Names.`,
          text: {
            message: msg(
              '{count, plural, one {# wheel imported from Wheel of Names.} other {# wheels imported from Wheel of Names.}}',
            ),
            values: { count: wheels.length },
          },
        }
      : { english: 'Imported from Wheel of Names.', text: { message: msg('Imported from Wheel of Names.') } }
  const all = [from, ...notes]
  return {
    ok: true,
    wheel,
    ...(more.length > 0 ? { more } : {}),
    note: all.map((n) => n.english).join(' '),
    noteText: all.map((n) => n.text),
  }
}
