import { useEffect } from 'react'
import { isolate, t } from '../../i18n/i18n'
import { useParams, useSearchParams } from '../../router'
import { TICKER_PX } from '../../ui/wheel/ticker'
import { LinkProblem } from './link-problem'
import { MadeWithWhirl } from './made-with-whirl'
import { SharedSpinner } from './shared-spinner'
import { askSharedWheelEarly, useSharedWheel } from './use-shared-wheel'

// The wheel is asked for as this page's code arrives, not after its first render.
askSharedWheelEarly()

/**
 * /embed/<id>: the shared wheel and its Spin button alone, for other sites' iframes (no header,
 * footer or cookie dialog). ?bg=transparent lets the host page show through (stream overlays);
 * ?controls=0 hides the Spin button. The wheel fills the frame: min(width, height) less what stays
 * in view with it (the ticker, the winner banner's band, Spin and the made-with line).
 */
/** The embed's padding (pt-2, pb-2) and the spinner's gap above each part under the wheel. */
const PAD_PX = 16
const GAP_PX = 8
/** The Spin button's height (SPIN_BUTTON_CLASS) and the made-with line's. */
const SPIN_PX = 52
const MADE_WITH_PX = 26
/** The winner banner's band under the wheel: .winner-band's height in styles.css. */
const BANNER_PX = 76

export function Component() {
  const { id } = useParams()
  const [params] = useSearchParams()
  const transparent = params.get('bg') === 'transparent'
  const controls = params.get('controls') !== '0'
  const state = useSharedWheel(id)
  const marked = state.kind === 'ready' && state.share.watermark !== false
  const around =
    PAD_PX +
    TICKER_PX +
    GAP_PX +
    BANNER_PX +
    (controls ? GAP_PX + SPIN_PX : 0) +
    (marked ? GAP_PX + MADE_WITH_PX : 0)

  useEffect(() => {
    if (!transparent) return
    const targets = [document.documentElement, document.body]
    for (const el of targets) el.style.background = 'transparent'
    return () => {
      for (const el of targets) el.style.background = ''
    }
  }, [transparent])

  useEffect(() => {
    if (state.kind === 'ready')
      document.title = `${state.share.name ? isolate(state.share.name) : t('Shared wheel')} · Whirl`
  }, [state])

  return (
    <main
      className={`relative flex h-dvh flex-col items-center justify-center gap-2 overflow-hidden px-2 py-2 ${transparent ? '' : 'bg-white dark:bg-slate-950'}`}
      data-testid="embed"
    >
      {state.kind === 'ready' ? (
        <>
          <SharedSpinner wheel={state.share.wheel} around={around} overlay controls={controls} />
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
