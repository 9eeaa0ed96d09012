import { describe, expect, it } from 'vitest'
import { escapeXml, previewText, wheelPreviewSvg } from './wheel-svg'

const HOSTILE = `<script>alert(1)</script> "><img src=x onerror=alert(2)> ' & שלום 🎉`
const items = (texts: string[]) => texts.map((text, i) => ({ id: `i${i}`, text, color: '#22c55e' }))

describe('wheel preview SVG', () => {
  it('shows hostile names and item text as text, never as markup', () => {
    const svg = wheelPreviewSvg(HOSTILE, items([HOSTILE, '"><img onerror=x>']))
    expect(svg).not.toMatch(/<script|<img/)
    expect(svg).toContain('&lt;script&gt;alert(1)')
    expect(svg).toContain('&quot;&gt;&lt;img onerror=x&gt;')
    expect(escapeXml(`a\u0000b\u0007c\td`)).toBe('abc\td')
  })

  it('draws text as typed: bidi overrides, embeddings and isolates are removed, other text kept', () => {
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]
    for (const control of controls) expect(previewText(`${control}Alice${control}`)).toBe('Alice')
    expect(previewText('\u202Egnp.exe')).toBe('gnp.exe')
    // Right-to-left text itself, and the invisible marks that only place punctuation, stay.
    expect(previewText('שלום \u200Fעולם! 🎉')).toBe('שלום \u200Fעולם! 🎉')
    const svg = wheelPreviewSvg('\u202ELunch', items(['\u202EAlice', 'B\u2067ob\u2069']))
    expect(svg).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/)
    expect(svg).toContain('>Alice</tspan>')
    expect(svg).toContain('>Bob</tspan>')
    expect(svg).toContain('>Lunch</text>')
  })

  it('draws one segment per item, with the drawing contract’s first edge along +x', () => {
    const svg = wheelPreviewSvg('Six', items(['A', 'B', 'C', 'D', 'E', 'F']))
    const paths = [...svg.matchAll(/<path d="M330 325L([\d.]+) ([\d.]+)A/g)]
    expect(paths).toHaveLength(6)
    expect(paths[0]?.slice(1, 3)).toEqual(['600', '325'])
    expect(svg).toContain('width="1200" height="630"')
    expect(svg).toContain('6 items')
    expect(wheelPreviewSvg('One', items(['Only']))).toContain(
      '<circle cx="330" cy="325" r="270" fill="#22c55e"/>',
    )
  })

  it('gives weighted segments angles in proportion to their weights, labels on their bisectors', () => {
    const weighted = [
      { id: 'a', text: 'Three', color: '#ef4444', weight: 3 },
      { id: 'b', text: 'One', color: '#3b82f6' },
    ]
    const svg = wheelPreviewSvg('Weighted', weighted)
    const paths = [...svg.matchAll(/<path d="M330 325L([\d.]+) ([\d.]+)A270 270 0 (\d) 1/g)]
    // "Three" starts at 0° and is the large arc (270°); "One" starts at 270°, straight up.
    expect(paths.map((p) => p.slice(1, 4))).toEqual([
      ['600', '325', '1'],
      ['330', '55', '0'],
    ])
    // "Three"'s bisector (135°) points into the left half: its label is turned half a turn and
    // starts at the rim, so it reads the right way up; "One"'s (315°) ends at the rim as usual.
    expect(svg).toMatch(/rotate\(315\)" text-anchor="start"[^>]*><tspan x="-248.4"[^>]*>Three</)
    expect(svg).toMatch(/rotate\(315\)" text-anchor="end"[^>]*><tspan x="248.4"[^>]*>One</)
    // One size for both labels.
    expect(
      new Set([...svg.matchAll(/text-anchor="(?:start|end)" font-size="(\d+)"/g)].map((m) => m[1])).size,
    ).toBe(1)
  })
})
