export const PALETTE = [
  '#ef4444',
  '#f97316',
  '#eab308',
  '#22c55e',
  '#06b6d4',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
  '#f43f5e',
  '#84cc16',
]

export const benchItems = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    text: `Item ${i + 1}`,
    color: PALETTE[i % PALETTE.length] as string,
  }))

export type BenchApi = { spin(duration: number): Promise<void>; addItem(): void }

export function exposeBench(api: BenchApi): void {
  ;(window as unknown as { bench: BenchApi }).bench = api
}
