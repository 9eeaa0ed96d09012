/**
 * The big Spin button's look, on the wheel page and on a shared wheel. Disabled (while the wheel
 * turns) it is paler by its colours, not by `opacity`: a change of opacity made the browser put
 * the button on a layer of its own just as a spin started, and raster the page tiles under it
 * again in the spin's first frames (decision 0019, seventh pass).
 */
export const SPIN_BUTTON_CLASS =
  'w-full max-w-xs rounded-xl bg-brand-600 px-6 py-3 text-lg font-bold text-white shadow-lg enabled:hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-600/60 disabled:text-white/80'
