import { useEffect } from 'react'
import { useParams, useSearchParams } from '../../router'
import { TICKER_PX } from '../../ui/wheel/ticker'
import { LinkProblem } from './link-problem'
import { MadeWithWhirl } from './made-with-whirl'
import { SharedSpinner } from './shared-spinner'
import { useSharedWheel } from './use-shared-wheel'

/**
 * /embed/<id>: the shared wheel and its Spin button alone, for other sites' iframes (no header,
 * footer or cookie dialog). ?bg=transparent lets the host page show through (stream overlays).
 */
export function Component() {
  const { id } = useParams()
  const [params] = useSearchParams()
  const transparent = params.get('bg') === 'transparent'
  const state = useSharedWheel(id)
  const marked = state.kind === 'ready' && state.share.watermark !== false

  useEffect(() => {
    if (!transparent) return
    const targets = [document.documentElement, document.body]
    for (const el of targets) el.style.background = 'transparent'
    return () => {
      for (const el of targets) el.style.background = ''
    }
  }, [transparent])

  useEffect(() => {
    if (state.kind === 'ready') document.title = `${state.share.name || 'Shared wheel'} · Whirl`
  }, [state])

  return (
    <main
      className={`flex min-h-dvh flex-col items-center justify-center gap-2 px-2 pb-2 pt-6 ${transparent ? '' : 'bg-white dark:bg-slate-950'}`}
      data-testid="embed"
    >
      {state.kind === 'ready' ? (
        <>
          <SharedSpinner wheel={state.share.wheel} around={(marked ? 156 : 120) + TICKER_PX} />
          {marked && <MadeWithWhirl newTab />}
        </>
      ) : state.kind === 'loading' ? (
        <div aria-busy="true" />
      ) : (
        <LinkProblem
          kind={state.kind}
          message={'message' in state ? state.message : undefined}
          withLinks={false}
        />
      )}
    </main>
  )
}
