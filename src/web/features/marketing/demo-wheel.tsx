import { Pause, Play } from 'lucide-react'
import { useState } from 'react'
import { t } from '../../i18n/i18n'
import { SixSegments } from '../../ui/logo'

/**
 * The hero's demo wheel: six segments of 60°, one turn every 20 s. Only the SVG rotates (a
 * compositor-only transform); its shadow is a still circle behind it. It moves on its own for
 * longer than 5 s, so a button stops it (WCAG 2.2.2, Pause, Stop, Hide); with reduced motion it
 * stands still and the button is not needed.
 */
export function DemoWheel() {
  const [paused, setPaused] = useState(false)
  return (
    <div className="relative mx-auto size-64 sm:size-80">
      <div aria-hidden="true" className="absolute inset-0 rounded-full shadow-xl shadow-slate-900/30" />
      <svg
        viewBox="-1 -1 2 2"
        className={`demo-wheel relative size-full${paused ? ' demo-wheel-paused' : ''}`}
        role="img"
        aria-label={t('A spinning wheel with six coloured segments')}
      >
        <SixSegments stroke="#fff" />
        <circle r="0.1" fill="#fff" stroke="#1e293b" strokeWidth="0.03" />
      </svg>
      <svg
        viewBox="0 0 40 40"
        className="absolute left-1/2 top-0 size-10 -translate-x-1/2 -translate-y-1/3"
        aria-hidden="true"
      >
        <path d="M4 4 L36 4 L20 34 Z" fill="#1e293b" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      <button
        type="button"
        aria-pressed={paused}
        title={t('Stop the demo wheel')}
        onClick={() => setPaused((p) => !p)}
        className="absolute bottom-1 right-1 grid size-11 place-items-center rounded-full border border-slate-300 bg-white text-slate-800 shadow-md hover:bg-slate-100 motion-reduce:hidden dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
      >
        <span className="sr-only">{t('Stop the demo wheel')}</span>
        {paused ? <Play aria-hidden className="size-5" /> : <Pause aria-hidden className="size-5" />}
      </button>
    </div>
  )
}
