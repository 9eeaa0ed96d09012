import { useCallback, useEffect, useRef, useState } from 'react'
import type { GiveawayRecord } from '../../../core/draws/api'
import { drawEntriesOf } from '../../../core/draws/entries'
import { checkGiveawaySpec, GIVEAWAY_MESSAGE_SOURCES, type GiveawaySpec } from '../../../core/draws/giveaway'
import { checkClientSeed, DRAW_MESSAGE_SOURCES } from '../../../core/draws/rules'
import { randomSeedWords } from '../../../core/draws/seed-words'
import { sourceOf } from '../../../core/i18n/english'
import { cryptoRandomSource } from '../../../core/random/random'
import type { Item } from '../../../core/wheel/model'
import { drawsApi } from '../../api/draws'
import { t } from '../../i18n/i18n'

const random = cryptoRandomSource((array) => crypto.getRandomValues(array))
/** Typing a count or editing the wheel settles before a new commitment is made. */
const COMMIT_DELAY_MS = 600

export type GiveawayCommitment = { id: string; commitment: string; createdAt: string; key: string }
/** A revealed giveaway: its record and the entries as they were drawn (names and colours). */
export type Drawn = {
  id: string
  record: GiveawayRecord
  revealedAt: string
  names: string[]
  colors: string[]
}

const keyOf = (name: string, items: readonly Item[], spec: GiveawaySpec) =>
  JSON.stringify([name, drawEntriesOf(items), spec])

/**
 * A giveaway draw on the wheel page (issue 36): the request (several winners, or teams) and the
 * entries are committed once they settle, so the commitment is shown before the draw; the draw
 * reveals it with the client seed; a reroll appends one.
 */
export function useGiveaway(name: string, items: readonly Item[], spec: GiveawaySpec | null) {
  const [current, setCurrent] = useState<GiveawayCommitment | null>(null)
  const [committing, setCommitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [seed, setSeed] = useState(() => randomSeedWords(random))
  const [drawn, setDrawn] = useState<Drawn | null>(null)
  const [busy, setBusy] = useState(false)
  const wheelName = name.trim() || t('My Wheel')
  const checked = spec ? checkGiveawaySpec(spec, items.length) : null
  const problem =
    items.length === 0
      ? t('Add entries first.')
      : checked && !checked.ok
        ? t(...sourceOf(checked.error, Object.values(GIVEAWAY_MESSAGE_SOURCES)))
        : null
  const key = spec ? keyOf(wheelName, items, spec) : ''
  const latest = useRef({ items, key })
  latest.current = { items, key }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the name, items and request
  useEffect(() => {
    if (!spec || problem || current?.key === key) return
    const timer = window.setTimeout(() => {
      setCommitting(true)
      drawsApi.create(wheelName, drawEntriesOf(items), null, spec).then(
        (made) => {
          if (latest.current.key !== key) return
          setCurrent({ ...made, key })
          setCommitting(false)
          setError(null)
        },
        (e: Error) => {
          setCommitting(false)
          setError(e.message)
        },
      )
    }, COMMIT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [key, problem, current?.key])

  const upToDate = current?.key === key ? current : null

  const draw = useCallback(async (): Promise<Drawn | null> => {
    if (!upToDate) return null
    const seedChecked = checkClientSeed({ clientSeed: seed })
    if (!seedChecked.ok) {
      setError(t(...sourceOf(seedChecked.error, Object.values(DRAW_MESSAGE_SOURCES))))
      return null
    }
    setBusy(true)
    try {
      const revealed = await drawsApi.reveal(upToDate.id, seedChecked.value)
      if (!revealed.giveaway) throw new Error(t('Whirl sent an answer it could not read. Please try again.'))
      const made: Drawn = {
        id: upToDate.id,
        record: revealed.giveaway,
        revealedAt: revealed.revealedAt,
        names: latest.current.items.map((item) => item.text),
        colors: latest.current.items.map((item) => item.color),
      }
      setDrawn(made)
      setCurrent(null)
      setSeed(randomSeedWords(random))
      setError(null)
      return made
    } catch (e) {
      setError((e as Error).message)
      return null
    } finally {
      setBusy(false)
    }
  }, [upToDate, seed])

  const reroll = useCallback(
    async (place: number) => {
      if (!drawn) return
      setBusy(true)
      try {
        const record = await drawsApi.reroll(drawn.id, place)
        setDrawn({ ...drawn, record })
        setError(null)
      } catch (e) {
        setError((e as Error).message)
      } finally {
        setBusy(false)
      }
    },
    [drawn],
  )

  return {
    commitment: upToDate,
    committing: !upToDate && !problem && !error ? true : committing,
    problem,
    error,
    seed,
    setSeed,
    drawn,
    busy,
    draw,
    reroll,
    clear: () => setDrawn(null),
  }
}
