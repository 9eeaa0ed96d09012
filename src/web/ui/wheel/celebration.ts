/** Sound and confetti around a spin. A sound that cannot play logs a warning and nothing else. */

let spinAudio: HTMLAudioElement | null = null

function play(audio: HTMLAudioElement): void {
  audio.play().catch((error: unknown) => console.warn('Could not play sound:', error))
}

export function startSpinSound(): void {
  stopSpinSound()
  spinAudio = new Audio('/spin-sound.mp3')
  spinAudio.loop = true
  spinAudio.volume = 0.3
  play(spinAudio)
}

export function stopSpinSound(): void {
  if (!spinAudio) return
  spinAudio.pause()
  spinAudio.currentTime = 0
  spinAudio = null
}

export function playWinSound(): void {
  const audio = new Audio('/victory-sound.mp3')
  audio.volume = 0.5
  play(audio)
}

/** Three bursts of 100 particles with a spread of 70, loaded only when first needed. */
export async function celebrate(): Promise<void> {
  try {
    const { default: confetti } = await import('canvas-confetti')
    const burst = { particleCount: 100, spread: 70, disableForReducedMotion: true }
    void confetti({ ...burst, origin: { y: 0.6 } })
    setTimeout(() => void confetti({ ...burst, angle: 60, origin: { x: 0, y: 0.7 } }), 250)
    setTimeout(() => void confetti({ ...burst, angle: 120, origin: { x: 1, y: 0.7 } }), 400)
  } catch (error) {
    console.warn('Could not show confetti:', error)
  }
}
