/**
 * A whole number as the product writes counts: digits grouped by threes with commas ("10,000"),
 * as `n.toLocaleString('en-US')` gives for an integer. Written out because the first
 * toLocaleString of a page loads the locale's number formats, about 40 ms of a slow phone's main
 * thread, and module-level messages (plan limits, draw rules) paid it on every page's start
 * (decision 0019). Anything but a safe integer is written as String gives it.
 */
export const formatCount = (n: number): string =>
  Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : String(n)
