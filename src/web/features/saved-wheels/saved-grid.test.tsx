// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { WheelSummary } from '../../../core/wheel/summary'
import { SavedGrid, WINDOW_FROM } from './saved-grid'

const summaries = (count: number): WheelSummary[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `w${i}`,
    name: `Wheel ${i + 1}`,
    itemCount: 3,
    colors: ['#ef4444'],
    updatedAt: '2026-11-23T09:00:00.000Z',
  }))

const card = (wheel: WheelSummary) => (
  <article aria-label={wheel.name}>
    <button type="button">Load {wheel.name}</button>
    <button type="button">More actions for {wheel.name}</button>
  </article>
)

describe('the saved wheels grid', () => {
  afterEach(cleanup)

  it(`shows every card up to ${WINDOW_FROM} wheels`, () => {
    render(<SavedGrid wheels={summaries(WINDOW_FROM)} renderCard={card} />)
    expect(screen.getAllByRole('article')).toHaveLength(WINDOW_FROM)
  })

  it('above that, renders only the rows near the screen, each saying its place in the whole list', () => {
    render(<SavedGrid wheels={summaries(500)} renderCard={card} />)
    const items = screen.getAllByRole('listitem')
    expect(items.length).toBeGreaterThan(0)
    expect(items.length).toBeLessThan(40)
    expect(items[0]?.getAttribute('aria-setsize')).toBe('500')
    expect(items[0]?.getAttribute('aria-posinset')).toBe('1')
    expect(items.at(-1)?.getAttribute('aria-posinset')).toBe(String(items.length))
    // The padding below stands in for the rows not rendered, so the page is as tall as the grid.
    expect(Number.parseFloat(screen.getByRole('list').style.paddingBottom)).toBeGreaterThan(0)
  })

  it('Tab from the last card rendered renders the next one first, so the keyboard reaches every wheel', () => {
    render(<SavedGrid wheels={summaries(500)} renderCard={card} />)
    const before = screen.getAllByRole('article').length
    const last = screen.getByRole('button', { name: `More actions for Wheel ${before}` })
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(screen.getAllByRole('article')).toHaveLength(before + 1)
    screen.getByRole('button', { name: `Load Wheel ${before + 1}` })
    // Tab from a button that is not the card's last one changes nothing.
    const count = screen.getAllByRole('article').length
    fireEvent.keyDown(screen.getByRole('button', { name: 'Load Wheel 1' }), { key: 'Tab' })
    expect(screen.getAllByRole('article')).toHaveLength(count)
  })
})
