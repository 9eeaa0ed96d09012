declare module 'spin-wheel' {
  export class Wheel {
    constructor(container: HTMLElement, props: Record<string, unknown>)
    items: Record<string, unknown>[]
    onRest: (() => void) | null
    spinToItem(
      index: number,
      duration: number,
      spinToCenter: boolean,
      revolutions: number,
      direction: number,
    ): void
  }
}
