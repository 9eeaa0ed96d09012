import { useEffect, useState } from 'react'
import type { PublicDraw } from '../../../core/draws/api'
import { verifyGiveaway } from '../../../core/draws/giveaway-verify'
import { type Verification as SingleVerification, verifyDraw } from '../../../core/draws/verify'
import { ApiError } from '../../api/client'
import { drawsApi } from '../../api/draws'
import { t } from '../../i18n/i18n'

/** A single draw's check, or a giveaway's (every winner, reroll and team recomputed). */
export type Verification = SingleVerification | { ok: false; message: string } | { ok: true }

/** A failed check's message in the page's language. */
const translated = (verification: Verification): Verification =>
  !verification.ok && 'source' in verification
    ? { ...verification, message: t(verification.source, verification.values) }
    : verification

/** Recomputes a revealed draw: a giveaway as a whole (decision 0051), a single winner as published. */
function verify(draw: PublicDraw): Promise<Verification> {
  const revealed = {
    entries: draw.entries,
    wheelHash: draw.wheelHash,
    commitment: draw.commitment,
    serverSeed: draw.serverSeed as string,
    clientSeed: draw.clientSeed as string,
  }
  const giveaway = draw.giveaway
  if (giveaway?.result) {
    const result = giveaway.result
    const rerollPlaces = result.kind === 'winners' ? result.rerolls.map((r) => r.place) : []
    return verifyGiveaway({ ...revealed, spec: giveaway.spec, rerollPlaces }, result).then(translated)
  }
  return verifyDraw({ ...revealed, winnerIndex: draw.winnerIndex as number }).then(translated)
}

export type DrawCheck =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'loaded'; draw: PublicDraw; verification: Verification | 'pending' | null }

/**
 * Loads a draw and, once revealed, recomputes it here with WebCrypto. Only this recomputation
 * decides "Verified": the server's answer is just the material checked.
 */
export function useDrawCheck(id: string, attempt: number): DrawCheck {
  const [check, setCheck] = useState<DrawCheck>({ state: 'loading' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads the draw again
  useEffect(() => {
    let live = true
    setCheck({ state: 'loading' })
    void (async () => {
      try {
        const draw = await drawsApi.get(id)
        if (!live) return
        const revealed = draw.serverSeed !== null && draw.clientSeed !== null && draw.winnerIndex !== null
        setCheck({ state: 'loaded', draw, verification: revealed ? 'pending' : null })
        if (!revealed) return
        const verification = await verify(draw).catch(
          (e: Error): Verification => ({
            ok: false,
            message: t('The draw could not be recomputed: {error}', { error: e.message }),
          }),
        )
        if (live) setCheck({ state: 'loaded', draw, verification })
      } catch (e) {
        if (!live) return
        if (e instanceof ApiError && e.status === 404) setCheck({ state: 'missing' })
        else setCheck({ state: 'error', message: (e as Error).message })
      }
    })()
    return () => {
      live = false
    }
  }, [id, attempt])
  return check
}
