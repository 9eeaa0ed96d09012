/** A small pie of colours (cards of presets and saved wheels): one conic gradient, no per-slice DOM. */
export function MiniPie({ colors, size = 48 }: { colors: readonly string[]; size?: number }) {
  const n = colors.length
  const stops =
    n === 0
      ? '#cbd5e1 0deg 360deg'
      : colors.map((c, i) => `${c} ${(i * 360) / n}deg ${((i + 1) * 360) / n}deg`).join(', ')
  return (
    <span
      aria-hidden
      className="inline-block shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20"
      style={{ width: size, height: size, backgroundImage: `conic-gradient(${stops})` }}
    />
  )
}
