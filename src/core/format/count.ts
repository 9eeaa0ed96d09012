/**
 * A whole number as the product writes counts: digits grouped by threes with commas ("10,000"),
 * as `n.toLocaleString('en-US')` gives for an integer. Written out because the first
 * toLocaleString of a page loads the locale's number formats, about 40 ms of a slow phone's main
 * thread, and module-level messages (plan limits, draw rules) paid it on every page's start
 * (decision 0019). Anything but a safe integer is written as String gives it.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n)
  const digits = String(Math.abs(n))
  let out = ''
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end)
    out = out ? `${part},${out}` : part
  }
  return n < 0 ? `-${out}` : out
}
