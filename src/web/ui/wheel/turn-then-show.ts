/**
 * Waits for a spin that has just started (`turning`: the wheel view's spin, or one started
 * elsewhere) and runs `show` (the page's "Spinning…", the last winner cleared) from the next frame,
 * so the wheel's first turning frame carries only its own start, not a render, a layout and a paint
 * of the page as well (decision 0048's addendum). Resolves when the spin ends; a spin over before
 * that frame shows nothing.
 */
export async function turnThenShow(turning: Promise<unknown>, show: () => void): Promise<void> {
  const shown = requestAnimationFrame(show)
  try {
    await turning
  } finally {
    cancelAnimationFrame(shown)
  }
}
