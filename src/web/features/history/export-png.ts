import { msg } from '../../../core/i18n/message-id'

/** The painted colours an exported SVG needs, copied from the page (classes do not travel). */
const PAINT = ['fill', 'stroke', 'color', 'opacity', 'font-family'] as const

/**
 * Draws an SVG on the page into a PNG at 2× and downloads it. Computed colours are inlined, so the
 * image looks as the chart does (dark mode included), on the background of the chart's container.
 */
export async function downloadSvgAsPng(svg: SVGSVGElement, fileName: string): Promise<void> {
  const clone = svg.cloneNode(true) as SVGSVGElement
  const originals = [svg, ...svg.querySelectorAll('*')]
  const copies = [clone, ...clone.querySelectorAll('*')]
  originals.forEach((el, i) => {
    const style = getComputedStyle(el)
    const copy = copies[i] as SVGElement
    for (const name of PAINT) copy.style.setProperty(name, style.getPropertyValue(name))
  })
  const box = svg.viewBox.baseVal
  const scale = 2
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  clone.setAttribute('width', String(box.width))
  clone.setAttribute('height', String(box.height))
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' }),
  )
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = box.width * scale
    canvas.height = box.height * scale
    const context = canvas.getContext('2d')
    if (!context) throw new Error(msg('Canvas is not available in this browser.'))
    context.fillStyle = backgroundOf(svg)
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(image, 0, 0, canvas.width, canvas.height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
    if (!blob) throw new Error(msg('The image could not be made.'))
    const link = document.createElement('a')
    link.href = URL.createObjectURL(blob)
    link.download = fileName
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(link.href), 1000)
  } finally {
    URL.revokeObjectURL(url)
  }
}

/** The first non-transparent background behind an element (white when there is none). */
function backgroundOf(element: Element): string {
  for (let el: Element | null = element; el; el = el.parentElement) {
    const color = getComputedStyle(el).backgroundColor
    if (color && color !== 'transparent' && color !== 'rgba(0, 0, 0, 0)') return color
  }
  return '#ffffff'
}
