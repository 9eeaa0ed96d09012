// Harness: the npm package spin-wheel, driven by the spin benchmark.
import { Wheel } from 'spin-wheel'
import { benchItems, exposeBench } from './shared'

const count = Number(new URLSearchParams(location.search).get('items') ?? 6)
let items = benchItems(count)
const container = document.getElementById('wheel') as HTMLElement
const wheel = new Wheel(container, {
  items: items.map((i) => ({ label: i.text, backgroundColor: i.color })),
  itemLabelFontSizeMax: 20,
})

exposeBench({
  spin: (duration) =>
    new Promise<void>((resolve) => {
      wheel.onRest = () => resolve()
      wheel.spinToItem(Math.floor(Math.random() * count), duration, false, 4, 1)
    }),
  addItem: () => {
    items = [...items, { text: `Added ${items.length + 1}`, color: '#3b82f6' }]
    wheel.items = items.map((i) => ({ label: i.text, backgroundColor: i.color }))
  },
})
