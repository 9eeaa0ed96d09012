import { useEffect, useState } from 'react'
import type { PublicDraw } from '../../../core/draws/api'
import { type Verification, verifyDraw } from '../../../core/draws/verify'
import { ApiError } from '../../api/client'
import { drawsApi } from '../../api/draws'

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
        const verification = await verifyDraw({
          entries: draw.entries,
          wheelHash: draw.wheelHash,
          commitment: draw.commitment,
          serverSeed: draw.serverSeed as string,
          clientSeed: draw.clientSeed as string,
          winnerIndex: draw.winnerIndex as number,
        }).catch(
          (e: Error): Verification => ({
            ok: false,
            step: 'winner',
            message: `The draw could not be recomputed: ${e.message}`,
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
