import { useEffect, useState } from 'react'

/** The largest wheel that fits `room(width, height)`, kept up to date as the window changes. */
export function useFittedSize(room: (width: number, height: number) => number): number {
  const measure = () => Math.max(160, Math.floor(room(window.innerWidth, window.innerHeight)))
  const [size, setSize] = useState(measure)
  useEffect(() => {
    const update = () => setSize(measure())
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  })
  return size
}
