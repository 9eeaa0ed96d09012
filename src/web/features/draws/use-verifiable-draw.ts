import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { drawEntriesOf } from '../../../core/draws/entries'
import { checkClientSeed, DRAW_MESSAGE_SOURCES } from '../../../core/draws/rules'
import { randomSeedWords } from '../../../core/draws/seed-words'
import { sourceOf } from '../../../core/i18n/english'
import { msg } from '../../../core/i18n/message-id'
import { cryptoRandomSource } from '../../../core/random/random'
import type { Item, WheelMode } from '../../../core/wheel/model'
import { drawsApi } from '../../api/draws'
import { t } from '../../i18n/i18n'
import { type SpinDecision, setSpinDecider, useRevealedDraw, useSpinGate } from '../../state/draw-spin'

const random = cryptoRandomSource((array) => crypto.getRandomValues(array))
const freshSeed = () => randomSeedWords(random)
/** Typing in the editor settles before a new commitment is made. */
const COMMIT_DELAY_MS = 600

export type Commitment = { id: string; commitment: string; createdAt: string; key: string }

const keyOf = (name: string, items: readonly Item[]) => JSON.stringify([name, drawEntriesOf(items)])
const nameOf = (name: string) => name.trim() || t('My Wheel')
/** What the panel and the Spin button say while the entries are not committed yet (shown with t()). */
export const COMMITTING_TEXT = msg('Committing the entries…')
export const NOT_COMMITTED_TEXT = msg('Not committed')

/**
 * A verifiable draw on the wheel page: while on, the current entries are committed (again after
 * every edit, and after every spin, since a draw is used once); a spin reveals with the client
 * seed and the wheel lands on the revealed winner. In elimination mode each new draw names the
 * draw revealed before it. Until the entries are committed the Spin button waits: a spin whose
 * commitment was made at the moment of the spin is not a verifiable draw (issue 33). The server
 * gives an open commitment of the same wheel back, so a reload or a switch toggle makes no new one.
 */
export function useVerifiableDraw({ name, items, mode }: { name: string; items: Item[]; mode: WheelMode }) {
  const [enabled, setEnabled] = useState(false)
  const [current, setCurrent] = useState<Commitment | null>(null)
  const [committing, setCommitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [seed, setSeedState] = useState(freshSeed)
  const seedIsDefault = useRef(true)
  const currentRef = useRef<Commitment | null>(null)
  const pending = useRef<{ key: string; promise: Promise<Commitment | null> } | null>(null)
  const lastRevealed = useRef<string | null>(null)
  const drawnKey = useRef<string | null>(null)
  /** Bumped when the current draw is revealed (used up): the same entries are committed again. */
  const [round, setRound] = useState(0)
  const latest = useRef({ name, items, mode, seed })
  latest.current = { name, items, mode, seed }
  // The entries as committed: worked out only while the draw is on, once per change of them (at
  // 10,000 items a JSON of 0.3 MB, 2-14 ms on a slow machine, that every render of the page paid).
  const key = useMemo(() => (enabled ? keyOf(name, items) : ''), [enabled, name, items])

  const commit = useCallback((): Promise<Commitment | null> => {
    const { name, items, mode } = latest.current
    const forKey = keyOf(name, items)
    if (pending.current?.key === forKey) return pending.current.promise
    setCommitting(true)
    const previous = mode === 'elimination' ? lastRevealed.current : null
    const promise = drawsApi.create(nameOf(name), drawEntriesOf(items), previous).then(
      (created) => {
        const made = { ...created, key: forKey }
        if (pending.current?.promise === promise) {
          currentRef.current = made
          setCurrent(made)
          setError(null)
          setCommitting(false)
          pending.current = null
        }
        return made
      },
      (e: Error) => {
        if (pending.current?.promise === promise) {
          setError(e.message)
          setCommitting(false)
          pending.current = null
        }
        return null
      },
    )
    pending.current = { key: forKey, promise }
    return promise
  }, [])

  // Commit (again) once the entries have settled; nothing while there are no items.
  // In elimination mode the winner leaves the wheel when its result is closed: the entries just
  // drawn are not committed again (the next draw is committed once the winner is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round commits the same entries again
  useEffect(() => {
    if (!enabled || items.length === 0 || currentRef.current?.key === key) return
    if (mode === 'elimination' && drawnKey.current === key) return
    const timer = window.setTimeout(() => void commit(), COMMIT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [enabled, key, items.length, mode, commit, round])

  const decide = useCallback(async (spun: readonly Item[]): Promise<SpinDecision> => {
    const checked = checkClientSeed({ clientSeed: latest.current.seed })
    if (!checked.ok) {
      setError(t(...sourceOf(checked.error, Object.values(DRAW_MESSAGE_SOURCES))))
      return { cancel: true }
    }
    // Only a commitment made (and shown) before the spin makes it a verifiable draw; the Spin
    // button waits for it, and a spin that comes first (an edit just made) does not happen.
    const wanted = keyOf(latest.current.name, spun)
    const draw = currentRef.current?.key === wanted ? currentRef.current : null
    if (!draw) return { cancel: true }
    try {
      const result = await drawsApi.reveal(draw.id, checked.value)
      if (result.winnerIndex >= spun.length) throw new Error(t('The revealed winner is not on this wheel.'))
      lastRevealed.current = draw.id
      drawnKey.current = draw.key
      currentRef.current = null
      setCurrent(null)
      useRevealedDraw.setState({ id: draw.id })
      if (seedIsDefault.current) setSeedState(freshSeed())
      setError(null)
      setRound((n) => n + 1)
      return { winnerIndex: result.winnerIndex }
    } catch (e) {
      setError((e as Error).message)
      return { cancel: true }
    }
  }, [])

  useEffect(() => {
    if (!enabled) return
    setSpinDecider(decide)
    return () => {
      setSpinDecider(null)
      useRevealedDraw.setState({ id: null })
    }
  }, [enabled, decide])

  const setSeed = (value: string) => {
    seedIsDefault.current = false
    setSeedState(value)
  }
  const toggle = () => {
    if (enabled) {
      currentRef.current = null
      pending.current = null
      lastRevealed.current = null
      setCurrent(null)
      setCommitting(false)
      setError(null)
    }
    setEnabled(!enabled)
  }
  const upToDate = current?.key === key ? current : null
  const waiting =
    !enabled || items.length === 0 || upToDate
      ? null
      : committing || !error
        ? t(COMMITTING_TEXT)
        : t(NOT_COMMITTED_TEXT)
  useEffect(() => {
    useSpinGate.setState({ waiting })
  }, [waiting])
  useEffect(() => () => useSpinGate.setState({ waiting: null }), [])
  return { enabled, toggle, current: upToDate, committing, error, seed, setSeed }
}
