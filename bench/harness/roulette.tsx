// Harness: the npm package react-custom-roulette, driven by the spin benchmark.
import { useEffect, useState } from 'react'
import { Wheel } from 'react-custom-roulette'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { benchItems, exposeBench } from './shared'

const count = Number(new URLSearchParams(location.search).get('items') ?? 6)
let onStop: () => void = () => {}
let start: () => void = () => {}
let add: () => void = () => {}

function Bench() {
  const [items, setItems] = useState(() => benchItems(count))
  const [spinning, setSpinning] = useState(false)
  const [prize, setPrize] = useState(0)
  useEffect(() => {
    start = () => {
      setPrize(Math.floor(Math.random() * items.length))
      setSpinning(true)
    }
    add = () =>
      flushSync(() => setItems((list) => [...list, { text: `Added ${list.length + 1}`, color: '#3b82f6' }]))
  }, [items.length])
  return (
    <Wheel
      mustStartSpinning={spinning}
      prizeNumber={prize}
      data={items.map((i) => ({ option: i.text, style: { backgroundColor: i.color } }))}
      onStopSpinning={() => {
        setSpinning(false)
        onStop()
      }}
    />
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<Bench />)

exposeBench({
  // The package has no duration in ms; its default spin lasts several seconds, and the benchmark
  // measures the same window of it as of the others.
  spin: () =>
    new Promise<void>((resolve) => {
      onStop = resolve
      start()
    }),
  addItem: () => add(),
})
