// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { DrawEntry } from '../../../core/draws/protocol'
import { DrawEntries } from './draw-entries'

const entries = (n: number): DrawEntry[] => Array.from({ length: n }, (_, i) => [`Entrant ${i + 1}`, 1])
const listed = () => within(screen.getByRole('list', { name: /^Entries/ })).getAllByRole('listitem')

describe('the proof page’s entries', () => {
  afterEach(cleanup)

  it('lists the first 100 of 250 and all 250 on Show all', async () => {
    render(<DrawEntries entries={entries(250)} winnerIndex={0} />)
    expect(screen.getByRole('heading', { name: 'Entries (250)' })).toBeTruthy()
    expect(listed()).toHaveLength(100)
    expect(listed()[99]?.getAttribute('aria-setsize')).toBe('100')
    expect(screen.getByText(/The first 100 of 250 entries are listed\./)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show all 250 entries' }))
    await waitFor(() => expect(listed()).toHaveLength(250), { timeout: 15_000 })
    expect(screen.getByText('Entrant 250')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull()
  }, 20_000)

  it('lists 1,200 entries in slices after Show all, never all in one render', async () => {
    render(<DrawEntries entries={entries(1_200)} winnerIndex={0} />)
    fireEvent.click(screen.getByRole('button', { name: 'Show all 1,200 entries' }))
    // The click renders no more than one more slice; the rest follow, one slice a task.
    expect(listed().length).toBeLessThanOrEqual(350)
    await waitFor(() => expect(listed()).toHaveLength(1_200), { timeout: 40_000 })
    expect(screen.getByText('Entrant 1200')).toBeTruthy()
    const list = screen.getByRole('list', { name: /^Entries/ })
    expect(list.getAttribute('aria-busy')).toBe('false')
    // In runs the browser skips off screen, one box per slice rather than one per row: the first
    // hundred, then 250 a run, every entry once and in order.
    const runs = [...list.children].map((run) => within(run as HTMLElement).getAllByRole('listitem'))
    expect(runs.map((rows) => rows.length)).toEqual([100, 250, 250, 250, 250, 100])
    expect(runs.flat().map((row) => row.textContent)).toEqual(
      entries(1_200).map(([text], i) => `${i + 1}.${text}weight 1`),
    )
    // Each row says its place in the whole list: a run not drawn yet is not read out.
    const row = runs.flat()[999] as HTMLElement
    expect([row.getAttribute('aria-posinset'), row.getAttribute('aria-setsize')]).toEqual(['1000', '1200'])
  }, 60_000)

  it('lists a short draw whole, without a Show all button', () => {
    render(<DrawEntries entries={entries(100)} winnerIndex={null} />)
    expect(listed()).toHaveLength(100)
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull()
  })
})
